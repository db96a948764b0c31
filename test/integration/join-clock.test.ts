/**
 * The join clock against the fake game server as 1.4.21 and as 2.0.0 (API.md decision 59): team 2
 * never connects, so its match waits in warmup; the players the fake connects are counted from its
 * `player_connect` events; at the deadline the leader's check forfeits team 2 (walkover), asks the
 * organiser (admin), or leaves a held match waiting.
 */
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.js';
import { FakeGameServer, type FakeGameServerOptions } from '../fakes/index.js';
import type { TestServer } from '../helpers/server.js';
import { postTeams, teamOf, useMatchdayAndFakes } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const RCON_PASSWORD = 'rcon-password-join-clock';
const { fakes, startMatchday } = useMatchdayAndFakes();

/** The server's clock: the system's plus what a test let pass at once. */
let ahead = 0;
const clock = { now: () => systemClock.now() + ahead };

async function addServer(server: TestServer, options: FakeGameServerOptions) {
  const fake = new FakeGameServer({
    password: RCON_PASSWORD,
    msPerGameSecond: 0.05,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    ...options,
  });
  fakes.push(fake);
  await fake.start();
  const res = await server.request('POST', '/api/servers', {
    body: { id: 'srv-1', name: 'srv-1', host: '127.0.0.1', port: fake.rconPort, rconPassword: RCON_PASSWORD },
  });
  expect(res.status).toBe(201);
  await fake.waitForEvent('server_configured', (p) => p.server_id === 'srv-1');
  return fake;
}

interface MatchView {
  slug: string;
  status: string;
  joinDeadline: number | null;
  joinHeld: boolean;
  present: { team1: number; team2: number };
  forfeit: { reason: string; teamIds: string[] } | null;
}

/** A started two-team cup whose one match is loaded on the fake, team 1 all there and team 2 absent. */
async function waitingForTeam2(
  flavour: 'matchzy' | 'at',
  noShowAction: 'admin' | 'walkover',
): Promise<{ matchday: TestServer; match: MatchView }> {
  ahead = 0;
  const matchday = await startMatchday({ clock });
  const absent = teamOf(2).players.map((p) => p.platformId);
  await addServer(matchday, { flavour, script: { absent } });
  const teamIds = await postTeams(matchday, 2);
  const created = await matchday.request('POST', '/api/tournament', {
    body: {
      name: 'Join clock cup',
      type: 'single_elimination',
      teamIds,
      settings: { teamSize: 2, veto: false, joinMinutes: 1, noShowAction },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await matchday.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
    200,
  );
  const match = await waitFor(
    async () => {
      const list = (await matchday.request('GET', '/api/matches')).body.matches as MatchView[];
      const m = list[0];
      return m && m.status === 'loaded' && m.joinDeadline !== null && m.present.team1 === 2 ? m : undefined;
    },
    { timeoutMs: 30_000, message: 'the match loaded with its join clock running and team 1 present' },
  );
  expect(match.present.team2).toBe(0);
  return { matchday, match };
}

const read = async (matchday: TestServer, slug: string) =>
  (await matchday.request('GET', `/api/matches/${slug}`)).body.match as MatchView;
const noShowItems = async (matchday: TestServer, slug: string) =>
  (
    (await matchday.request('GET', '/api/attention')).body.items as { kind: string; matchSlug?: string }[]
  ).filter((i) => i.kind === 'no_show' && i.matchSlug === slug);

for (const flavour of ['matchzy', 'at'] as const) {
  const version = flavour === 'matchzy' ? '1.4.21' : '2.0.0';

  describe(`the join clock on ${version}`, () => {
    it('walkover: the leader forfeits the team that never connected once the clock ran out', async () => {
      const { matchday, match } = await waitingForTeam2(flavour, 'walkover');
      ahead = match.joinDeadline! - systemClock.now() + 1;
      const done = await waitFor(
        async () => {
          const m = await read(matchday, match.slug);
          return m.status === 'completed' ? m : undefined;
        },
        { timeoutMs: 30_000, message: 'the leader to forfeit the absent team at the deadline' },
      );
      expect(done.forfeit).toMatchObject({ reason: 'no_show', teamIds: ['team2'] });
      expect(await noShowItems(matchday, match.slug)).toEqual([]);
    }, 90_000);

    it('admin: the match lands in the attention queue and keeps waiting on its server', async () => {
      const { matchday, match } = await waitingForTeam2(flavour, 'admin');
      ahead = match.joinDeadline! - systemClock.now() + 1;
      await waitFor(async () => ((await noShowItems(matchday, match.slug)).length === 1 ? true : undefined), {
        timeoutMs: 30_000,
        message: 'the no-show item in the attention queue',
      });
      expect((await read(matchday, match.slug)).status).toBe('loaded');
    }, 90_000);

    it('a held match keeps waiting past its deadline', async () => {
      const { matchday, match } = await waitingForTeam2(flavour, 'walkover');
      expect((await matchday.request('POST', `/api/matches/${match.slug}/hold`)).status).toBe(200);
      ahead = match.joinDeadline! - systemClock.now() + 3600;
      // The leader's own check runs too; this one is certain to have looked past the deadline.
      await matchday.running.app.services.joinClock.sweep();
      expect(await read(matchday, match.slug)).toMatchObject({
        status: 'loaded',
        joinHeld: true,
        joinDeadline: null,
      });
      expect(await noShowItems(matchday, match.slug)).toEqual([]);
    }, 90_000);
  });
}
