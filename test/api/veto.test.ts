import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/http/middleware/auth.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

let server: TestServer;
const POOL = ['de_ancient', 'de_anubis', 'de_dust2', 'de_inferno', 'de_mirage', 'de_nuke', 'de_overpass'];
const playerOf = (i: number) => String(76561198000000000n + BigInt(i));
let teamA: string;
let teamB: string;
/** Session cookies: two players of team A, one of team B, one on no team. */
const cookies: Record<'a1' | 'a2' | 'b1' | 'stranger', string> = { a1: '', a2: '', b1: '', stranger: '' };

beforeAll(async () => {
  server = await startTestServer();
  const team = async (name: string, ids: number[]) =>
    (
      await server.request('POST', '/api/teams', {
        body: { name, players: ids.map((i) => ({ platformId: playerOf(i), name: `p${i}` })) },
      })
    ).body.team.id as string;
  teamA = await team('Alpha', [1, 2]);
  teamB = await team('Bravo', [3]);
  const auth = server.running.app.services.auth;
  cookies.a1 = await auth.startSession({ platformId: playerOf(1), method: 'lan', verified: false });
  cookies.a2 = await auth.startSession({ platformId: playerOf(2), method: 'lan', verified: false });
  cookies.b1 = await auth.startSession({ platformId: playerOf(3), method: 'lan', verified: false });
  cookies.stranger = await auth.startSession({ platformId: playerOf(9), method: 'lan', verified: false });
});
afterAll(async () => {
  await server.stop();
});

let slug: string;
beforeEach(async () => {
  const res = await server.request('POST', '/api/matches', {
    body: { team1Id: teamA, team2Id: teamB, format: 'bo3', veto: true, maps: POOL },
  });
  expect(res.status).toBe(201);
  slug = res.body.match.slug;
});

/** A veto action by a signed-in player (cookie, same-origin) or by the admin token (`who` = admin). */
function act(who: keyof typeof cookies | 'admin', body: Record<string, unknown>) {
  if (who === 'admin') {
    return server.request('POST', `/api/veto/${slug}/action`, { body });
  }
  return server.request('POST', `/api/veto/${slug}/action`, {
    token: null,
    body,
    headers: { Cookie: `${SESSION_COOKIE}=${cookies[who]}`, Origin: server.url },
  });
}

describe('GET /api/veto/:matchSlug', () => {
  it('shows the board to anyone: the pool, team A to ban first, no history', async () => {
    const res = await server.request('GET', `/api/veto/${slug}`, { token: null });
    expect(res.status).toBe(200);
    expect(res.body.veto).toMatchObject({
      status: 'pending',
      currentTeam: 'team1',
      currentAction: 'ban',
      step: 0,
      totalSteps: 9,
      version: 0,
      history: [],
      maps: [],
    });
    expect(res.body.veto.pool.map((p: { state: string }) => p.state)).toEqual(Array(7).fill('available'));
    expect((await server.request('GET', '/api/veto/nope', { token: null })).status).toBe(404);
  });
});

describe('POST /api/veto/:matchSlug/action', () => {
  it('plays a whole bo3 veto by the rosters; the result feeds the match and it waits for a server', async () => {
    const steps: [keyof typeof cookies, Record<string, unknown>][] = [
      ['a1', { action: 'ban', map: 'de_ancient' }],
      ['b1', { action: 'ban', map: 'de_anubis' }],
      ['a2', { action: 'pick', map: 'de_mirage' }],
      ['b1', { action: 'side', side: 't' }],
      ['b1', { action: 'pick', map: 'de_nuke' }],
      ['a1', { action: 'side', side: 'ct' }],
      ['b1', { action: 'ban', map: 'de_dust2' }],
      ['a1', { action: 'ban', map: 'de_inferno' }],
      ['b1', { action: 'side', side: 'ct' }],
    ];
    let last;
    for (const [who, body] of steps) {
      last = await act(who, body);
      expect(last.status, JSON.stringify(last.body)).toBe(200);
    }
    expect(last!.body.veto).toMatchObject({ status: 'completed', currentTeam: null, step: 9 });
    expect(last!.body.veto.maps).toEqual([
      { number: 0, map: 'de_mirage', pickedBy: 'team1', side: 'team1_ct' },
      { number: 1, map: 'de_nuke', pickedBy: 'team2', side: 'team1_ct' },
      { number: 2, map: 'de_overpass', pickedBy: 'decider', side: 'team1_t' },
    ]);
    expect(last!.body.veto.history[3]).toMatchObject({
      team: 'team2',
      teamName: 'Bravo',
      action: 'side',
      actionName: 'side pick',
      map: 'de_mirage',
      side: 't',
      by: playerOf(3),
    });
    const match = (await server.request('GET', `/api/matches/${slug}`)).body.match;
    expect(match).toMatchObject({
      status: 'ready',
      displayStatus: 'Waiting for a server',
      veto: { status: 'completed', currentTeam: null, currentAction: null },
    });
    // What the match config is built from (the loading feature reads these).
    const stored = (await server.running.app.services.matches.repo.get(slug))!.veto as Record<
      string,
      unknown
    >;
    expect([stored.maps, stored.sides]).toEqual([
      ['de_mirage', 'de_nuke', 'de_overpass'],
      ['team1_ct', 'team1_ct', 'team1_t'],
    ]);
    const again = await act('b1', { action: 'ban', map: 'de_overpass' });
    expect([again.status, again.body.code]).toEqual([409, 'VETO_COMPLETE']);
  });

  it('refuses the other team, a taken map, a stranger and a read-only token, and keeps the board', async () => {
    const wrongTeam = await act('b1', { action: 'ban', map: 'de_nuke' });
    expect([wrongTeam.status, wrongTeam.body.code]).toEqual([409, 'VETO_NOT_YOUR_TURN']);
    expect(wrongTeam.body.error).toMatch(/team A/);
    const stranger = await act('stranger', { action: 'ban', map: 'de_nuke' });
    expect([stranger.status, stranger.body.code]).toEqual([403, 'NOT_ON_ROSTER']);
    const anonymous = await server.request('POST', `/api/veto/${slug}/action`, {
      token: null,
      body: { action: 'ban', map: 'de_nuke' },
    });
    expect(anonymous.status).toBe(401);
    const reader = await server.request('POST', `/api/veto/${slug}/action`, {
      token: 'readonly',
      body: { action: 'ban', map: 'de_nuke' },
    });
    expect(reader.status).toBe(403);
    expect((await act('a1', { action: 'ban', map: 'de_nuke' })).status).toBe(200);
    const taken = await act('b1', { action: 'ban', map: 'de_nuke' });
    expect([taken.status, taken.body.code]).toEqual([409, 'VETO_MAP_UNAVAILABLE']);
    const unknown = await act('b1', { action: 'ban', map: 'de_cache' });
    expect(unknown.body.code).toBe('VETO_MAP_UNAVAILABLE');
    const bad = await act('b1', { action: 'veto', map: 'de_overpass' });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const board = (await server.request('GET', `/api/veto/${slug}`, { token: null })).body.veto;
    expect([board.step, board.currentTeam, board.version]).toEqual([1, 'team2', 1]);
  });

  it('an admin acts for the team on turn, or for a named team only on its turn', async () => {
    const named = await act('admin', { action: 'ban', map: 'de_nuke', team: 'team2' });
    expect([named.status, named.body.code]).toEqual([409, 'VETO_NOT_YOUR_TURN']);
    const forA = await act('admin', { action: 'ban', map: 'de_nuke' });
    expect(forA.status).toBe(200);
    expect(forA.body.veto.history[0]).toMatchObject({ team: 'team1', by: 'admin', actionName: 'map ban' });
  });

  it('race: two players acting at once on the same board, exactly one applies', async () => {
    const results = await Promise.all([
      act('a1', { action: 'ban', map: 'de_nuke', version: 0 }),
      act('a2', { action: 'ban', map: 'de_overpass', version: 0 }),
      act('b1', { action: 'ban', map: 'de_dust2', version: 0 }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect([refused.status, refused.body.code]).toEqual([409, 'VETO_NOT_YOUR_TURN']);
    }
    const board = (await server.request('GET', `/api/veto/${slug}`, { token: null })).body.veto;
    expect(board.history).toHaveLength(1);
    expect(board.version).toBe(1);
  });

  it('race: the same ban sent twice at once applies once', async () => {
    const results = await Promise.all([
      act('a1', { action: 'ban', map: 'de_nuke' }),
      act('a2', { action: 'ban', map: 'de_nuke' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const board = (await server.request('GET', `/api/veto/${slug}`, { token: null })).body.veto;
    expect(board.history.map((h: { map: string }) => h.map)).toEqual(['de_nuke']);
  });
});

describe('POST /api/matches/:slug/skip-veto', () => {
  it('plays the first maps of the pool and queues the match; a second skip is refused (422)', async () => {
    const res = await server.request('POST', `/api/matches/${slug}/skip-veto`);
    expect(res.status).toBe(200);
    expect(res.body.match).toMatchObject({ status: 'ready', veto: { status: 'skipped' } });
    const board = (await server.request('GET', `/api/veto/${slug}`, { token: null })).body.veto;
    expect(board.maps.map((m: { map: string; side: string }) => [m.map, m.side])).toEqual([
      ['de_ancient', 'knife'],
      ['de_anubis', 'knife'],
      ['de_dust2', 'knife'],
    ]);
    const again = await server.request('POST', `/api/matches/${slug}/skip-veto`);
    expect([again.status, again.body.code]).toEqual([422, 'INVALID_STATE']);
    expect(again.body.error).toBe('Cannot skip the veto while the match is waiting for a server.');
    expect(
      (await server.request('POST', `/api/matches/${slug}/skip-veto`, { token: 'readonly' })).status,
    ).toBe(403);
  });
});

describe('simulation switched on', () => {
  it('completes a pending veto with legal actions; the match then waits for a server', async () => {
    await act('a1', { action: 'ban', map: 'de_nuke' });
    const on = await server.request('PUT', '/api/settings', { body: { simulateMatches: true } });
    expect(on.status).toBe(200);
    try {
      const board = await waitForVeto(slug);
      expect(board.history[0]).toMatchObject({ map: 'de_nuke' });
      expect(board.maps).toHaveLength(3);
      expect(new Set(board.maps.map((m: { map: string }) => m.map)).size).toBe(3);
      const { match } = (await server.request('GET', `/api/matches/${slug}`)).body;
      expect(match.status).toBe('ready');
    } finally {
      await server.request('PUT', '/api/settings', { body: { simulateMatches: false } });
    }
  });
});

/** The board once the veto is complete (simulation completes it in the background). */
const waitForVeto = (matchSlug: string) =>
  waitFor(
    async () => {
      const board = (await server.request('GET', `/api/veto/${matchSlug}`, { token: null })).body.veto;
      return board.status === 'completed' ? board : undefined;
    },
    { message: `the veto of ${matchSlug} to complete` },
  );

describe('GET /api/matches/:slug/connect', () => {
  const connect = (who: keyof typeof cookies) =>
    server.request('GET', `/api/matches/${slug}/connect`, {
      token: null,
      headers: { Cookie: `${SESSION_COOKIE}=${cookies[who]}` },
    });

  it('answers the players of the match (null until a server has it) and refuses anyone else', async () => {
    expect((await connect('a1')).body).toEqual({ success: true, connect: null });
    expect((await connect('b1')).status).toBe(200);
    const stranger = await connect('stranger');
    expect([stranger.status, stranger.body.code]).toEqual([403, 'NOT_ON_ROSTER']);
    expect((await server.request('GET', `/api/matches/${slug}/connect`, { token: null })).status).toBe(401);
    expect((await server.request('GET', `/api/matches/${slug}/connect`)).body.connect).toBeNull();
  });
});
