/** Lineups, the roster lock, the change log and the id fix (API.md decisions 62-63), on both engines. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../helpers/browser.js';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';

let server: TestServer;
/** Team t's player i; player 9 is team 1's coach. */
const pid = (team: number, i: number) => String(76561198000000000n + BigInt(700 + team * 10 + i));
const roster = (team: number) => [
  ...[1, 2, 3].map((i) => ({ platformId: pid(team, i), name: `l${team}p${i}` })),
  ...(team === 1 ? [{ platformId: pid(1, 9), name: 'coach', role: 'coach' }] : []),
];

beforeAll(async () => {
  server = await startTestServer();
  for (const t of [1, 2, 3]) {
    const res = await server.request('POST', '/api/teams', {
      body: { id: `lu${t}`, name: `Lineup ${t}`, players: roster(t) },
    });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await server.stop();
});

async function manualMatch(): Promise<{ slug: string; matchid: number }> {
  const res = await server.request('POST', '/api/matches', {
    body: { team1Id: 'lu1', team2Id: 'lu2', format: 'bo1', veto: false, maps: ['de_mirage'], teamSize: 2 },
  });
  expect(res.status).toBe(201);
  return res.body.match;
}

/** A browser signed in on the LAN as player `i` of team `team`. */
async function playerBrowser(team: number, i: number): Promise<Browser> {
  const browser = new Browser(server);
  const code = (await server.request('GET', `/api/teams/lu${team}`)).body.team.joinCode;
  const res = await browser.request('POST', '/api/auth/lan', {
    body: { platformId: pid(team, i), teamCode: code },
  });
  expect(res.status).toBe(200);
  return browser;
}

const ids = (players: { platformId: string }[]) => players.map((p) => p.platformId);

describe('lineups (decision 62)', () => {
  it('defaults to the first team-size players in roster order; the rest are substitutes, the coach apart', async () => {
    const { slug } = await manualMatch();
    const res = await server.request('GET', `/api/matches/${slug}/lineup`);
    expect(res.status).toBe(200);
    const [team1] = res.body.lineups;
    expect(team1).toMatchObject({ teamId: 'lu1', teamSize: 2, editable: true });
    expect(ids(team1.players)).toEqual([pid(1, 1), pid(1, 2)]);
    expect(ids(team1.substitutes)).toEqual([pid(1, 3)]);
    expect(team1.coach).toEqual({ platformId: pid(1, 9), name: 'coach' });
  });

  it('lets an admin set it, and logs the change with the actor, before and after', async () => {
    const { slug } = await manualMatch();
    const res = await server.request('PUT', `/api/matches/${slug}/lineup`, {
      body: { teamId: 'lu1', platformIds: [pid(1, 3), pid(1, 1)] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ids(res.body.lineup.players)).toEqual([pid(1, 3), pid(1, 1)]);
    expect(ids(res.body.lineup.substitutes)).toEqual([pid(1, 2)]);
    const changes = (await server.request('GET', '/api/teams/lu1/changes', { token: 'readonly' })).body
      .changes;
    expect(changes[0]).toMatchObject({
      kind: 'lineup',
      matchSlug: slug,
      actor: 'token:admin',
      before: [pid(1, 1), pid(1, 2)],
      after: [pid(1, 3), pid(1, 1)],
    });
  });

  it('lets a signed-in player of the team set it, and no one else', async () => {
    const { slug } = await manualMatch();
    const own = await playerBrowser(1, 2);
    const ok = await own.request('PUT', `/api/matches/${slug}/lineup`, {
      body: { teamId: 'lu1', platformIds: [pid(1, 2), pid(1, 3)] },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await server.request('GET', '/api/teams/lu1/changes')).body.changes[0].actor).toBe(
      `player:${pid(1, 2)}`,
    );
    const other = await playerBrowser(2, 1);
    const refused = await other.request('PUT', `/api/matches/${slug}/lineup`, {
      body: { teamId: 'lu1', platformIds: [pid(1, 1), pid(1, 2)] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const reader = await server.request('PUT', `/api/matches/${slug}/lineup`, {
      token: 'readonly',
      body: { teamId: 'lu1', platformIds: [pid(1, 1), pid(1, 2)] },
    });
    expect(reader.status).toBe(403);
    expect(reader.body.code).toBe('READ_ONLY_TOKEN');
    const anonymous = await server.request('PUT', `/api/matches/${slug}/lineup`, {
      token: null,
      body: { teamId: 'lu1', platformIds: [pid(1, 1), pid(1, 2)] },
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a lineup that cannot play, each with its own code', async () => {
    const { slug } = await manualMatch();
    const put = (body: unknown) => server.request('PUT', `/api/matches/${slug}/lineup`, { body });
    const cases: [unknown, number, string][] = [
      [{ teamId: 'lu1', platformIds: [pid(1, 1)] }, 422, 'LINEUP_WRONG_SIZE'],
      [{ teamId: 'lu1', platformIds: [pid(1, 1), pid(2, 1)] }, 422, 'LINEUP_NOT_ON_ROSTER'],
      [{ teamId: 'lu1', platformIds: [pid(1, 1), pid(1, 9)] }, 422, 'LINEUP_COACH'],
      [{ teamId: 'lu1', platformIds: [pid(1, 1), pid(1, 1)] }, 422, 'LINEUP_DUPLICATE'],
      [{ teamId: 'lu3', platformIds: [pid(3, 1), pid(3, 2)] }, 400, 'VALIDATION_FAILED'],
      [{ teamId: 'lu1', platformIds: ['not-an-id', pid(1, 1)] }, 400, 'VALIDATION_FAILED'],
      [{ teamId: 'lu1' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await put(body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
      expect(res.body.error).toEqual(expect.any(String));
    }
    const missing = await server.request('PUT', '/api/matches/no-such-match/lineup', {
      body: { teamId: 'lu1', platformIds: [pid(1, 1), pid(1, 2)] },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses a swap on a match that is not on a server', async () => {
    const { slug } = await manualMatch();
    const res = await server.request('POST', `/api/matches/${slug}/lineup/swap`, {
      body: { teamId: 'lu1', out: pid(1, 1), in: pid(1, 3) },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INVALID_STATE');
    const asPlayer = await (
      await playerBrowser(1, 1)
    ).request('POST', `/api/matches/${slug}/lineup/swap`, {
      body: { teamId: 'lu1', out: pid(1, 1), in: pid(1, 3) },
    });
    expect(asPlayer.status).toBe(403);
  });
});

describe('rosters (decision 63)', () => {
  it('holds at most one coach', async () => {
    const res = await server.request('PUT', '/api/teams/lu3', {
      body: {
        players: [
          ...roster(3),
          { platformId: pid(3, 8), name: 'c1', role: 'coach' },
          { platformId: pid(3, 9), name: 'c2', role: 'coach' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toBe('players.4.role');
  });

  it('logs a roster change in the team editor, newest first', async () => {
    const before = (await server.request('GET', '/api/teams/lu3/changes')).body.changes.length;
    const players = [...roster(3), { platformId: pid(3, 4), name: 'l3p4' }];
    expect((await server.request('PUT', '/api/teams/lu3', { body: { players } })).status).toBe(200);
    expect(
      (await server.request('PUT', '/api/teams/lu3', { body: { name: 'Lineup 3 renamed' } })).status,
    ).toBe(200);
    const { changes } = (await server.request('GET', '/api/teams/lu3/changes')).body;
    expect(changes).toHaveLength(before + 1);
    expect(changes[0]).toMatchObject({ kind: 'roster', actor: 'token:admin', matchSlug: null });
    expect(ids(changes[0].after)).toContain(pid(3, 4));
    expect((await server.request('GET', '/api/teams/nope/changes')).status).toBe(404);
  });
});

describe('the roster lock (decision 63)', () => {
  it('locks rosters when the tournament starts, except in the admin team editor', async () => {
    for (const t of [4, 5]) {
      const res = await server.request('POST', '/api/teams', {
        body: { id: `lk${t}`, name: `Locked ${t}`, players: roster(t) },
      });
      expect(res.status).toBe(201);
    }
    const created = await server.request('POST', '/api/tournament', {
      body: {
        name: 'Lock Cup',
        type: 'single_elimination',
        teamIds: ['lk4', 'lk5'],
        settings: { veto: false },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const csv = `team,tag,player,platformId\nLocked 4,,l4p1,${pid(4, 1)}\nLocked 4,,newcomer,${pid(4, 7)}\n`;
    const imported = await server.request('POST', '/api/teams/import', {
      body: csv,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(imported.status, imported.text).toBe(409);
    expect(imported.body.code).toBe('ROSTER_LOCKED');
    const edited = await server.request('PUT', '/api/teams/lk4', {
      body: { players: [...roster(4), { platformId: pid(4, 7), name: 'newcomer' }] },
    });
    expect(edited.status).toBe(200);
    await server.request('DELETE', '/api/tournament');
  });
});

describe('correcting a platform id (decision 63)', () => {
  it("carries the player's stats over to the corrected id", async () => {
    const wrong = '76561198000009991';
    const right = '76561198000009992';
    const team = await server.request('POST', '/api/teams', {
      body: {
        id: 'fixers',
        name: 'Fixers',
        players: [
          { platformId: wrong, name: 'typo' },
          { platformId: pid(2, 5), name: 'mate' },
        ],
      },
    });
    expect(team.status).toBe(201);
    const match = await server.request('POST', '/api/matches', {
      body: {
        team1Id: 'fixers',
        team2Id: 'lu2',
        format: 'bo1',
        veto: false,
        maps: ['de_mirage'],
        teamSize: 2,
      },
    });
    const { slug, matchid } = match.body.match;
    const side = (score: number, players: { steamid: string; kills: number }[]) => ({
      series_score: 0,
      score,
      score_ct: 0,
      score_t: 0,
      players: players.map((p) => ({
        steamid: p.steamid,
        name: 'x',
        stats: { kills: p.kills, rounds_played: 1 },
      })),
      id: '',
      name: 'x',
    });
    const { event, ...rest } = {
      reason: 9,
      winner: { side: '2', team: 'team1' },
      team1: side(1, [{ steamid: wrong, kills: 4 }]),
      team2: side(0, [{ steamid: pid(2, 1), kills: 0 }]),
      round_time: 0,
      round_number: 1,
      map_number: 0,
      matchid,
      event: 'round_end',
    };
    const posted = await server.request('POST', `/api/events/${slug}`, {
      token: null,
      body: JSON.stringify({ ...rest, event }),
      headers: { 'Content-Type': 'application/json', 'X-Plugin-Token': TOKENS.server },
    });
    expect(posted.status).toBe(200);

    const fixed = await server.request('POST', `/api/teams/fixers/players/${wrong}/fix-id`, {
      body: { platformId: right },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(ids(fixed.body.team.players)).toEqual([right, pid(2, 5)]);
    const stats = (await server.request('GET', `/api/players/${right}/stats`, { token: null })).body;
    expect(
      stats.matches.map((m: { slug: string; line: { kills: number } }) => [m.slug, m.line.kills]),
    ).toEqual([[slug, 4]]);
    const old = await server.request('GET', `/api/players/${wrong}/stats`, { token: null });
    expect(old.status).toBe(404);
    const lineup = (await server.request('GET', `/api/matches/${slug}/lineup`)).body.lineups[0];
    expect(ids(lineup.players)).toEqual([right, pid(2, 5)]);
    const changes = (await server.request('GET', '/api/teams/fixers/changes')).body.changes;
    expect(changes[0]).toMatchObject({
      kind: 'id_fix',
      before: { platformId: wrong },
      after: { platformId: right },
    });

    const taken = await server.request('POST', `/api/teams/fixers/players/${right}/fix-id`, {
      body: { platformId: pid(2, 5) },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('PLAYER_ID_IN_USE');
    const notOnTeam = await server.request('POST', `/api/teams/fixers/players/${wrong}/fix-id`, {
      body: { platformId: '76561198000009993' },
    });
    expect(notOnTeam.status).toBe(404);
  });
});
