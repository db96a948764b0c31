import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGameServer } from '../fakes/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { addFakeServers, playerOf, postTeams, TEAM_SIZE } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

let server: TestServer;
const fakes: FakeGameServer[] = [];
let slug: string;

interface Board {
  status: string;
  currentTeam: 'team1' | 'team2' | null;
  currentAction: 'ban' | 'pick' | 'side' | null;
  pool: { map: string; state: string }[];
}

/** Plays the whole veto as the admin: the first map left for a ban or a pick, CT for every side choice. */
async function playVeto(matchSlug: string): Promise<void> {
  for (;;) {
    const board = (await server.request('GET', `/api/veto/${matchSlug}`)).body.veto as Board;
    if (board.currentAction === null) {
      return;
    }
    const map = board.pool.find((m) => m.state === 'available')?.map;
    const res = await server.request('POST', `/api/veto/${matchSlug}/action`, {
      body:
        board.currentAction === 'side'
          ? { action: 'side', side: 'ct', team: board.currentTeam }
          : { action: board.currentAction, map, team: board.currentTeam },
    });
    expect(res.status).toBe(200);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  // Slow game seconds: the match stays on the first server while the test reads it; the second stays free.
  await addFakeServers(server, 2, fakes, { msPerGameSecond: 30 });
  await postTeams(server, 2);
  const created = await server.request('POST', '/api/matches', {
    body: {
      team1Id: 'team1',
      team2Id: 'team2',
      format: 'bo3',
      veto: true,
      teamSize: TEAM_SIZE,
      serverId: 'srv-1',
    },
  });
  expect(created.status).toBe(201);
  slug = created.body.match.slug;
  await playVeto(slug);
  await waitFor(
    async () =>
      ['loaded', 'live'].includes((await server.request('GET', `/api/matches/${slug}`)).body.match.status),
    { message: `match ${slug} to be on srv-1` },
  );
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.stop()));
  await server.stop();
});

describe('GET /api/matches/:slug/hud and /api/servers/:id/hud (decision 81)', () => {
  it("answers the match in Lexogrine HUD Manager's shapes: teams, players, veto and scores", async () => {
    const res = await server.request('GET', `/api/matches/${slug}/hud`, { token: 'readonly' });
    expect(res.status).toBe(200);
    const { teams, players, match, format } = res.body;
    expect(format).toBe('lexogrine-hud-manager');
    expect(teams).toEqual(
      [1, 2].map((n) => ({
        _id: `team${n}`,
        name: `Team ${n}`,
        shortName: `T${n}`,
        country: '',
        logo: '',
        extra: {},
      })),
    );
    expect(players).toEqual(
      [1, 2].flatMap((team) =>
        [1, 2].map((i) => ({
          _id: playerOf(team, i).platformId,
          firstName: '',
          lastName: '',
          username: playerOf(team, i).name,
          avatar: '',
          country: '',
          steamid: playerOf(team, i).platformId,
          team: `team${team}`,
          extra: {},
        })),
      ),
    );
    expect(match).toMatchObject({
      id: slug,
      current: true,
      left: { id: 'team1', wins: 0 },
      right: { id: 'team2', wins: 0 },
      game: 'csgo',
      matchType: 'bo3',
      startTime: expect.any(Number),
    });
    expect(match.startTime).toBeGreaterThan(0);
    // The veto in the order it was made (bo3: ban, ban, pick, pick, ban, ban), then the decider.
    const vetos = match.vetos as { type: string; teamId: string; side: string; mapName: string }[];
    expect(vetos.map((v) => [v.type, v.teamId])).toEqual([
      ['ban', 'team1'],
      ['ban', 'team2'],
      ['pick', 'team1'],
      ['pick', 'team2'],
      ['ban', 'team2'],
      ['ban', 'team1'],
      ['decider', ''],
    ]);
    // Every side was chosen CT by the chooser: team 2 on team 1's pick and on the decider, team 1 on team 2's.
    expect(vetos.filter((v) => v.type !== 'ban').map((v) => v.side)).toEqual(['T', 'CT', 'T']);
    expect(vetos.filter((v) => v.type === 'ban').every((v) => v.side === 'NO')).toBe(true);
    const { body: veto } = await server.request('GET', `/api/veto/${slug}`);
    expect(vetos.filter((v) => v.type !== 'ban').map((v) => v.mapName)).toEqual(
      veto.veto.maps.map((m: { map: string }) => m.map),
    );
  });

  it('answers for the server that holds the match the same, without its secrets', async () => {
    const byServer = await server.request('GET', '/api/servers/srv-1/hud', { token: 'readonly' });
    expect(byServer.status).toBe(200);
    const byMatch = await server.request('GET', `/api/matches/${slug}/hud`, { token: 'readonly' });
    expect(byServer.body).toEqual(byMatch.body);
    const { body: admin } = await server.request('GET', '/api/servers/srv-1');
    expect(byServer.text).not.toContain(admin.server.rconPassword);
    expect(byServer.text).not.toContain('"joinCode"');
  });

  it('404 for an unknown match or server and for a server holding no match; 401 without a token', async () => {
    for (const url of [
      '/api/matches/no-such-match/hud',
      '/api/servers/no-such-server/hud',
      '/api/servers/srv-2/hud',
    ]) {
      const res = await server.request('GET', url, { token: 'readonly' });
      expect(res.status, url).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const free = await server.request('GET', '/api/servers/srv-2/hud', { token: 'readonly' });
    expect(free.body.error).toBe('A match on server "srv-2" was not found.');
    const anonymous = await server.request('GET', `/api/matches/${slug}/hud`, { token: null });
    expect(anonymous.status).toBe(401);
  });
});
