// Figure of the stream overlay (issue #19): how long a score change takes from the plugin's round_end POST
// to the overlay's stream. The overlay pages (/overlay/match/:slug, /overlay/server/:serverId) keep their
// match from the public live stream, GET /api/live, so its subscribers are measured as the live bench does.
import os from 'node:os';
import { matchdayDeliveries } from './live.mjs';
import { percentile } from './lib.mjs';

const SUBSCRIBERS = 50;
const SCORE_CHANGES = 300;

export const conditions =
  `Matchday = out/server-bundle/cli.js in its own process on 127.0.0.1 (LOG_LEVEL info), one match; ` +
  `${SUBSCRIBERS} overlay subscribers on GET /api/live (bare TCP sockets in the bench process, score found ` +
  `in the bytes read); ${SCORE_CHANGES} 5v5 round_end POSTs with player stats to /api/events/<slug>, one ` +
  'after another, each awaited by every subscriber; update = POST sent -> the frame with the new ' +
  '`team1MapScore` read by a subscriber';

const ms = (value) => `${value.toFixed(1)} ms`;

export async function overlayFigures() {
  const load = os.loadavg()[0];
  const { deliveries, posts, missed } = await matchdayDeliveries(SUBSCRIBERS, SCORE_CHANGES);
  return [
    {
      figure: `overlay update, p50 (${deliveries.length} deliveries; POST answered p50 ${ms(percentile(posts, 50))})`,
      measured: ms(percentile(deliveries, 50)),
      value: Number(percentile(deliveries, 50).toFixed(1)),
      target: 'report',
      ok: null,
    },
    {
      figure: `overlay update, p99 (max ${ms(Math.max(...deliveries))})`,
      measured: ms(percentile(deliveries, 99)),
      value: Number(percentile(deliveries, 99).toFixed(1)),
      target: 'report',
      ok: null,
    },
    {
      figure: `score changes a subscriber missed, of ${SUBSCRIBERS * SCORE_CHANGES}`,
      measured: String(missed),
      value: missed,
      target: '0',
      ok: missed === 0,
    },
    {
      figure: 'load average (1 min) at the start and the end, 2 cores shared',
      measured: `${load.toFixed(1)} / ${os.loadavg()[0].toFixed(1)}`,
      value: Number(load.toFixed(1)),
      target: 'reported',
      ok: null,
    },
  ];
}
