import { describe, expect, it } from 'vitest';
import type { EventAttempt } from '../fakes/event-publisher.js';
import { TOKENS, type TestResponse } from '../helpers/server.js';
import {
  addFakeServer,
  PLAY_WAIT,
  postTwoTeamsAndBo1,
  useMatchdayAndFakes,
} from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

/** Quick rounds, then a postgame of several real seconds (one game second is 100 ms). */
const SHORT_BO1 = {
  seed: 2,
  pace: {
    playerConnect: 0.5,
    playerReady: 0.5,
    knifeRound: 1,
    sideDecision: 1,
    round: [1, 1] as [number, number],
    roundRestart: 0.5,
    halftime: 1,
  },
  maps: [{ score: [13, 0] as [number, number] }],
};

describe('force cancel during the series-end postgame', () => {
  it.each(['matchzy', 'at'] as const)(
    '%s: the plugin still sends series_end and the demo, then resets; the match stays cancelled',
    async (flavour) => {
      const matchday = await startMatchday();
      const fake = await addFakeServer(matchday, 'srv-1', fakes, {
        flavour,
        msPerGameSecond: 100,
        demoSizeBytes: 64 * 1024,
        script: SHORT_BO1,
      });
      const { slug } = await postTwoTeamsAndBo1(matchday);

      // The admin cancels the moment the last map's result is in, before series_end (2 s later).
      let cancelled: Promise<TestResponse> | undefined;
      fake.on('event', (attempt: EventAttempt) => {
        if (attempt.name === 'map_result' && attempt.outcome === 200 && !cancelled) {
          cancelled = matchday.request('POST', `/api/matches/${slug}/force-cancel`, { body: {} });
        }
      });
      await waitFor(() => cancelled, { ...PLAY_WAIT, message: 'the last map result' });
      expect((await cancelled!).status).toBe(200);
      expect((await cancelled!).body.match.status).toBe('cancelled');

      await waitFor(
        async () => {
          const { events } = (await matchday.request('GET', `/api/matches/${slug}/events`)).body;
          return events.some((e: { event: string }) => e.event === 'series_end');
        },
        { ...PLAY_WAIT, message: 'the series_end of the cancelled match' },
      );
      const final = await waitFor(
        async () => {
          const match = (await matchday.request('GET', `/api/matches/${slug}`)).body.match;
          return match.maps[0]?.demo ? match : undefined;
        },
        { ...PLAY_WAIT, message: 'the demo of the cancelled match' },
      );
      expect(final.maps[0].demo).toMatchObject({ available: true });
      expect(final.status).toBe('cancelled');
      const demo = await fetch(`${matchday.url}${final.maps[0].demo.downloadUrl}`, {
        headers: { Authorization: `Bearer ${TOKENS.admin}` },
      });
      expect((await demo.arrayBuffer()).byteLength).toBe(64 * 1024);

      // The plugin kicks and resets by itself; nothing stopped it early.
      await fake.waitForStatus('idle', PLAY_WAIT.timeoutMs);
      expect(fake.commands).not.toContain('css_endmatch');
      const server = await waitFor(
        async () => {
          const s = (await matchday.request('GET', '/api/servers/srv-1')).body.server;
          return s.availability.free ? s : undefined;
        },
        { ...PLAY_WAIT, message: 'the server free again' },
      );
      expect(server.availability.activeMatch).toBeNull();
      expect((await matchday.request('GET', `/api/matches/${slug}`)).body.match.status).toBe('cancelled');
    },
    90_000,
  );
});
