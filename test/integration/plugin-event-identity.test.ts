import { afterEach, describe, expect, it } from 'vitest';
import type { EventAttempt, FakeGameServer, FakeGameServerOptions } from '../fakes/index.js';
import { systemClock } from '../../server/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { addFakeServers, postTeams, TEAM_SIZE } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

/**
 * What the plugin sends cannot tell a retry from a new identical event (PROTOCOL.md 3.1.1, 2.4.19):
 * the fake game server repeats and retries byte for byte as the real plugin does, and every delivery is
 * stored and applied as the state it describes.
 */
let matchday: TestServer | undefined;
const fakes: FakeGameServer[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
  await matchday?.stop();
  matchday = undefined;
});

interface StoredEvent {
  event: string;
  outcome: string;
  payload: Record<string, unknown>;
}

/** A manual match of two teams on one fake server, loaded by the allocator. */
async function playOn(options: FakeGameServerOptions, format: 'bo1' | 'bo3', maps: string[]) {
  // Matchday's clock follows the game's, as a server's and Matchday's agree on the time of day: a
  // pause lasts as long for both (a fast game would otherwise pause for no time at all).
  const game: { server?: FakeGameServer } = {};
  matchday = await startTestServer({
    clock: { now: () => game.server?.clock.gameUnixNow() ?? systemClock.now() },
  });
  await postTeams(matchday, 2);
  const [fake] = await addFakeServers(matchday, 1, fakes, options);
  game.server = fake;
  const created = await matchday.request('POST', '/api/matches', {
    body: { team1Id: 'team1', team2Id: 'team2', format, veto: false, maps, teamSize: TEAM_SIZE },
  });
  expect(created.status).toBe(201);
  await fake!.waitForEvent('series_start', undefined, 30_000);
  return { fake: fake!, slug: created.body.match.slug as string };
}

const read = async (slug: string) => (await matchday!.request('GET', `/api/matches/${slug}`)).body.match;
const stored = async (slug: string): Promise<StoredEvent[]> =>
  (await matchday!.request('GET', `/api/matches/${slug}/events`)).body.events;

/** Every delivered (2xx) match event, as the plugin sent it. */
const deliveredMatchEvents = (fake: FakeGameServer): EventAttempt[] =>
  fake.events.filter(
    (e) => e.outcome === 200 && typeof e.payload.matchid === 'number' && e.payload.matchid > 0,
  );

/** Bodies the plugin delivered more than once. */
function repeatedBodies(attempts: readonly EventAttempt[]): string[] {
  const seen = new Set<string>();
  return attempts.flatMap((a) => (seen.has(a.body) ? [a.body] : (seen.add(a.body), [])));
}

async function finished(fake: FakeGameServer): Promise<void> {
  await fake.matchFinished();
  await fake.settled();
  await waitFor(async () => (fake.queuedEventCount === 0 ? true : undefined), {
    message: 'the retry queue to empty',
    timeoutMs: 60_000,
  });
}

describe('plugin event identity against the fake game server', () => {
  it('equal pauses send identical match_unpaused; each ends its pause, and rounds replayed after a restore apply', async () => {
    const { fake, slug } = await playOn(
      {
        msPerGameSecond: 0.05,
        script: {
          seed: 5,
          maps: [
            {
              score: [13, 8],
              pause: [
                { beforeRound: 3, by: 'admin', seconds: 40 },
                { beforeRound: 6, by: 'admin', seconds: 40 },
              ],
              restore: { afterRound: 9, toRound: 6 },
            },
          ],
        },
      },
      'bo1',
      ['de_mirage'],
    );
    await finished(fake);

    const delivered = deliveredMatchEvents(fake);
    const unpauses = delivered.filter((e) => e.name === 'match_unpaused');
    expect(unpauses.length).toBeGreaterThanOrEqual(3);
    // The plugin's own repeats: equal pauses give equal bytes, and so does a restored round's start.
    expect(repeatedBodies(unpauses).length).toBeGreaterThan(0);
    expect(repeatedBodies(delivered.filter((e) => e.name === 'round_started')).length).toBeGreaterThan(0);

    const log = await stored(slug);
    // Every delivery is in the event log, repeats included, and none failed to apply.
    expect(log).toHaveLength(delivered.length);
    expect(log.filter((e) => e.outcome.startsWith('failed'))).toEqual([]);
    expect(log.filter((e) => e.event === 'match_unpaused').map((e) => e.outcome)).toEqual(
      unpauses.map(() => 'applied'),
    );
    // After the backup, the rounds played again set the score again.
    const restoredAt = log.findIndex((e) => e.event === 'backup_loaded');
    expect(log[restoredAt]?.outcome).toBe('applied');
    const backupRound = Number(log[restoredAt]!.payload.round_number);
    const replayed = log
      .slice(restoredAt)
      .filter((e) => e.event === 'round_end' && Number(e.payload.round_number) > backupRound);
    expect(replayed.length).toBeGreaterThan(0);
    expect(replayed.map((e) => e.outcome)).toEqual(replayed.map(() => 'applied'));

    const match = await read(slug);
    expect(match).toMatchObject({ status: 'completed', winnerId: 'team1', team1SeriesScore: 1 });
    expect(
      match.maps.map((m: { team1Score: number; team2Score: number }) => [m.team1Score, m.team2Score]),
    ).toEqual([[13, 8]]);
    expect((await matchday!.request('GET', `/api/matches/${slug}/live`)).body.live.pause).toBeNull();
  }, 60_000);

  it('a restarted match plays again under a new match id: its going_live and rounds apply and the match plays to its end', async () => {
    // The first load holds the match in a pause before round 3 until the admin restarts it.
    let loads = 0;
    const { fake, slug } = await playOn(
      {
        msPerGameSecond: 0.05,
        script: () => {
          const hold = loads++ === 0 ? { pause: { beforeRound: 3, by: 'admin' as const, seconds: 1e9 } } : {};
          return { seed: 9, maps: [{ score: [13, 6] as [number, number], ...hold }] };
        },
      },
      'bo1',
      ['de_inferno'],
    );
    await fake.waitForEvent('match_paused', undefined, 30_000);
    const restarted = await matchday!.request('POST', `/api/matches/${slug}/restart`, {});
    expect(restarted.status).toBe(200);
    await finished(fake);

    const goingLive = deliveredMatchEvents(fake).filter((e) => e.name === 'going_live');
    expect(goingLive).toHaveLength(2);
    // The abandoned attempt's backups and retried events keep the old id (real-plugin-reaudit 2 #12).
    const [first, second] = goingLive.map((e) => (JSON.parse(e.body) as { matchid: number }).matchid);
    expect(second).not.toBe(first);
    expect((await read(slug)).matchid).toBe(second);
    const log = await stored(slug);
    expect(log.filter((e) => e.event === 'going_live').map((e) => e.outcome)).toEqual(['applied', 'applied']);
    const match = await read(slug);
    expect(match).toMatchObject({ status: 'completed', winnerId: 'team1', team1SeriesScore: 1 });
    expect(
      match.maps.map((m: { team1Score: number; team2Score: number }) => [m.team1Score, m.team2Score]),
    ).toEqual([[13, 6]]);
  }, 60_000);

  it('a demo_upload_start retried after its upload reported back neither holds the server nor reopens the demo', async () => {
    const { fake, slug } = await playOn(
      { msPerGameSecond: 5, script: { seed: 4, pace: { round: [10, 10] }, maps: [{ score: [13, 0] }] } },
      'bo1',
      ['de_nuke'],
    );
    fake.eventFaults = { unreachable: ['demo_upload_start'] };
    // The retry worker wakes every 2 minutes of game: the upload has reported back long before.
    await fake.execute('plugin_event_retry_interval 120');
    await finished(fake);

    const order = deliveredMatchEvents(fake).map((e) => e.name);
    expect(order.indexOf('demo_upload_start')).toBeGreaterThan(order.indexOf('demo_upload_success'));
    const live = (await matchday!.request('GET', `/api/matches/${slug}/live`)).body.live;
    expect(live.demos.map((d: { state: string }) => d.state)).toEqual(['uploaded']);
    expect((await matchday!.request('GET', '/api/servers/srv-1')).body.server.demoHold).toBeNull();
  }, 60_000);

  it('series_end before the retried last map_result: the series is settled by series_end, the map filled by the retry', async () => {
    const { fake, slug } = await playOn(
      {
        msPerGameSecond: 0.02,
        script: { seed: 3, maps: [{ score: [13, 9] }, { score: [9, 13] }, { score: [13, 11] }] },
      },
      'bo3',
      ['de_mirage', 'de_inferno', 'de_nuke'],
    );
    // The last map's result fails first time and waits 30 s in the plugin's retry queue.
    fake.eventFaults = { unreachable: (name, payload) => name === 'map_result' && payload.map_number === 2 };
    await finished(fake);

    const order = deliveredMatchEvents(fake).map((e) => e.name);
    expect(order.lastIndexOf('map_result')).toBeGreaterThan(order.indexOf('series_end'));
    const match = await read(slug);
    expect(match).toMatchObject({
      status: 'completed',
      winnerId: 'team1',
      team1SeriesScore: 2,
      team2SeriesScore: 1,
    });
    expect(
      match.maps.map((m: { team1Score: number; team2Score: number; winner: string }) => [
        m.team1Score,
        m.team2Score,
        m.winner,
      ]),
    ).toEqual([
      [13, 9, 'team1'],
      [9, 13, 'team2'],
      [13, 11, 'team1'],
    ]);
  }, 60_000);
});
