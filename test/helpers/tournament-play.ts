import { afterEach, expect } from 'vitest';
import { FakeGameServer, type FakeGameServerOptions } from '../fakes/index.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';
import { waitFor } from './wait.js';

/** The RCON password of the fake game servers added here. */
export const RCON_PASSWORD = 'rcon-password-play';

/**
 * Registers an `afterEach` that stops the fake game servers in `fakes`, then the Matchday `startMatchday`
 * started: call it once at the top level of a test file.
 */
export function useMatchdayAndFakes() {
  let matchday: TestServer | undefined;
  const fakes: FakeGameServer[] = [];
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((f) => f.stop()));
    await matchday?.stop();
    matchday = undefined;
  });
  return {
    fakes,
    async startMatchday(options?: TestServerOptions): Promise<TestServer> {
      matchday = await startTestServer(options);
      return matchday;
    },
  };
}

/** The 17-digit platform id of player `i` of team number `team`. */
export const playerOf = (team: number, i: number) => ({
  platformId: String(76561198000000000n + BigInt(team * 10 + i)),
  name: `t${team}p${i}`,
});

/** Players per team of `postTeams`: tournaments and matches of them play with this team size. */
export const TEAM_SIZE = 2;

/** Team number `team` as `postTeams` creates it: `team<team>`, "Team <team>", two players. */
export const teamOf = (team: number) => ({
  id: `team${team}`,
  name: `Team ${team}`,
  tag: `T${team}`,
  players: Array.from({ length: TEAM_SIZE }, (_, i) => playerOf(team, i + 1)),
});

/** Teams `team1`..`team<count>` (`teamOf`) created over HTTP; returns their ids. */
export async function postTeams(server: Pick<TestServer, 'request'>, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let team = 1; team <= count; team++) {
    const res = await server.request('POST', '/api/teams', { body: teamOf(team) });
    expect(res.status).toBe(201);
    ids.push(res.body.team.id);
  }
  return ids;
}

/**
 * A manual bo1 on de_mirage without veto between teams `team1` and `team2`, with `overrides` on top; the
 * allocator loads it on a free server.
 */
export async function postBo1(
  server: Pick<TestServer, 'request'>,
  overrides: Record<string, unknown> = {},
): Promise<{ slug: string; matchid: number }> {
  const res = await server.request('POST', '/api/matches', {
    body: {
      team1Id: 'team1',
      team2Id: 'team2',
      format: 'bo1',
      veto: false,
      maps: ['de_mirage'],
      teamSize: TEAM_SIZE,
      ...overrides,
    },
  });
  expect(res.status).toBe(201);
  return res.body.match;
}

/** Teams `team1` and `team2` (of `postTeams`) and a `postBo1` between them. */
export async function postTwoTeamsAndBo1(
  server: Pick<TestServer, 'request'>,
  overrides: Record<string, unknown> = {},
): Promise<{ slug: string; matchid: number }> {
  await postTeams(server, 2);
  return postBo1(server, overrides);
}

/**
 * A fake game server added to Matchday as `id` (also its name), set up over RCON and verified by its
 * plugin's hello. It is pushed to `started` as soon as it runs, so the caller can stop it whatever fails.
 */
export async function addFakeServer(
  server: Pick<TestServer, 'request'>,
  id: string,
  started: FakeGameServer[],
  options: FakeGameServerOptions = {},
): Promise<FakeGameServer> {
  const fake = new FakeGameServer({
    password: RCON_PASSWORD,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    ...options,
  });
  started.push(fake);
  await fake.start();
  const res = await server.request('POST', '/api/servers', {
    body: { id, name: id, host: '127.0.0.1', port: fake.rconPort, rconPassword: RCON_PASSWORD },
  });
  expect(res.status).toBe(201);
  await fake.waitForEvent('server_configured', (p) => p.server_id === id);
  return fake;
}

/**
 * Fake game servers `srv-1`..`srv-<count>` (fast games, small demos) added by `addFakeServer`.
 * `options` may differ per server (a function of its number, from 1).
 */
export async function addFakeServers(
  server: Pick<TestServer, 'request'>,
  count: number,
  started: FakeGameServer[],
  options: FakeGameServerOptions | ((i: number) => FakeGameServerOptions) = {},
): Promise<FakeGameServer[]> {
  const added: FakeGameServer[] = [];
  for (let i = 1; i <= count; i++) {
    added.push(
      await addFakeServer(server, `srv-${i}`, started, {
        msPerGameSecond: 0.02,
        demoSizeBytes: 64 * 1024,
        ...(typeof options === 'function' ? options(i) : options),
      }),
    );
  }
  return added;
}

/** How long and how often the play tests poll Matchday: a whole tournament takes a while. */
export const PLAY_WAIT = { timeoutMs: 60_000, intervalMs: 100 };

/**
 * The tournament once it is completed (the champion is its `winner`); a timeout names the matches still
 * open and their states, as last seen (read every few seconds while waiting).
 */
export function waitForChampion(server: Pick<TestServer, 'request'>, timeoutMs = PLAY_WAIT.timeoutMs) {
  let open = 'not read yet';
  let readAt = 0;
  return waitFor(
    async () => {
      const res = await server.request('GET', '/api/tournament', { token: null });
      const t = res.body?.tournament;
      if (!t) {
        throw new Error(`GET /api/tournament answered ${res.status}: ${res.text.slice(0, 300)}`);
      }
      if (t.status === 'completed') {
        return t;
      }
      if (Date.now() - readAt > 5_000) {
        readAt = Date.now();
        const { matches } = (await server.request('GET', '/api/matches', { token: null })).body as {
          matches: { label: string; status: string }[];
        };
        open = matches
          .filter((m) => m.status !== 'completed')
          .map((m) => `${m.label}: ${m.status}`)
          .join(', ');
      }
      return undefined;
    },
    { ...PLAY_WAIT, timeoutMs, message: () => `the champion (open matches: ${open})` },
  );
}
