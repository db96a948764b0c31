// Figures of the plugin-event ingestion: throughput against a no-op route on the same server, and
// latency at a steady 500 events/s. Every event is a distinct round_end (stored, deduplicated, applied).
import autocannon from 'autocannon';
import { startServer } from '../out/server/index.js';
import { loadConfig } from '../out/server/config.js';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_TOKEN,
  adminApi,
  pacedLoad,
  percentile,
  roundEnd,
  startAndTime,
  stop,
  tempDir,
} from './lib.mjs';

const CLI = fileURLToPath(new URL('../out/server-bundle/cli.js', import.meta.url));

const SERVER_TOKEN = 'bench-server-token-0123456789';
const LOAD = { connections: 10, warmupSeconds: 1, seconds: 5 };
const STEADY_RATE = 500;

export const conditions =
  `throughput: in-process server on 127.0.0.1 (LOG_LEVEL=warn), autocannon ${LOAD.connections} connections; ` +
  `latency: Matchday headless in its own process, open-loop load at ${STEADY_RATE} events/s for ${LOAD.seconds} s ` +
  '(latency counted from when each event was due); each event a distinct 5v5 round_end with player stats, ' +
  'sent to /api/events/<match slug>';

async function run(options) {
  const result = await autocannon(options);
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result;
}

/**
 * p99 latency of events at a steady rate, Matchday in its own process as in production; `prepare` may
 * set more up first (webhook endpoints) through the API.
 */
export async function steadyLatencyP99(prepare = async () => {}) {
  const matchday = await startAndTime(CLI, {
    MATCHDAY_DATA_DIR: tempDir(),
    API_TOKENS: `bench:${ADMIN_TOKEN}`,
    SERVER_TOKEN,
  });
  try {
    for (const id of ['alpha', 'bravo']) {
      await adminApi(matchday.url, 'POST', '/api/teams', { id, name: id, tag: '', players: [] });
    }
    await adminApi(matchday.url, 'PUT', '/api/settings', { autoAllocate: false });
    await prepare(matchday.url);
    const { match } = await adminApi(matchday.url, 'POST', '/api/matches', {
      team1Id: 'alpha',
      team2Id: 'bravo',
      format: 'bo1',
      veto: false,
      maps: ['de_dust2'],
    });
    const paced = (seconds) =>
      pacedLoad({
        url: `${matchday.url}/api/events/${match.slug}`,
        headers: { 'Content-Type': 'application/json', 'X-Plugin-Token': SERVER_TOKEN },
        body: (i) => roundEnd(match.matchid, i + 1 + (seconds === LOAD.seconds ? 10_000 : 0)),
        rate: STEADY_RATE,
        seconds,
      });
    await paced(LOAD.warmupSeconds);
    return percentile(await paced(LOAD.seconds), 99);
  } finally {
    await stop(matchday.child);
  }
}

export async function eventFigures() {
  const running = await startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MATCHDAY_DATA_DIR: tempDir(),
      LOG_LEVEL: 'warn',
      SERVER_TOKEN,
    }),
  });
  try {
    const { teams, matches } = running.app.services;
    const a = teams.create({ name: 'Alpha', tag: '', players: [] }).team.id;
    const b = teams.create({ name: 'Bravo', tag: '', players: [] }).team.id;
    const match = matches.createManual({
      team1Id: a,
      team2Id: b,
      format: 'bo1',
      maps: ['de_dust2'],
      veto: false,
    });
    let round = 0;
    const eventRequest = {
      url: `${running.localUrl}/api/events/${match.slug}`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Plugin-Token': SERVER_TOKEN },
      connections: LOAD.connections,
      requests: [{ setupRequest: (req) => ({ ...req, body: roundEnd(match.matchid, ++round) }) }],
    };
    const noop = { url: `${running.localUrl}/health`, connections: LOAD.connections };
    await run({ ...noop, duration: LOAD.warmupSeconds });
    const noopResult = await run({ ...noop, duration: LOAD.seconds });
    await run({ ...eventRequest, duration: LOAD.warmupSeconds });
    const eventResult = await run({ ...eventRequest, duration: LOAD.seconds });
    const applied = matches.get(match.slug).team1MapScore;
    // autocannon prepares a request per connection that the end of the run may cut off unsent.
    if (applied > round || round - applied > LOAD.connections) {
      throw new Error(`prepared ${round} rounds but the match shows ${applied}`);
    }
    const ratio = eventResult.requests.average / noopResult.requests.average;
    const steadyP99 = await steadyLatencyP99();
    return [
      {
        figure: 'GET /health (no-op route)',
        measured: `${Math.round(noopResult.requests.average)} req/s`,
        value: Math.round(noopResult.requests.average),
        target: 'yardstick',
        ok: null,
      },
      {
        figure: 'POST /api/events (distinct round_end, stored and applied)',
        measured: `${Math.round(eventResult.requests.average)} req/s`,
        value: Math.round(eventResult.requests.average),
        target: 'see ratio',
        ok: null,
      },
      {
        figure: 'event ingestion vs no-op route',
        measured: ratio.toFixed(2),
        value: Number(ratio.toFixed(3)),
        target: '>= 0.5',
        ok: ratio >= 0.5,
      },
      {
        figure: `event latency at ${STEADY_RATE} events/s, p99`,
        measured: `${steadyP99.toFixed(1)} ms`,
        value: Number(steadyP99.toFixed(1)),
        target: '< 10 ms',
        ok: steadyP99 < 10,
      },
    ];
  } finally {
    await running.stop();
  }
}
