import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { playerOf, postTeams } from '../helpers/tournament-play.js';

let server: TestServer;
/** A fixed clock the tests move on, so "the latest first" is decided by time, not by chance. */
let now = 1_900_000_000;

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  await postTeams(server, 3);
  // The current tournament, which the history and the team-lookup tests both read.
  await server.request('POST', '/api/tournament', {
    body: {
      name: 'History Cup',
      type: 'single_elimination',
      format: 'bo1',
      teamIds: ['team1', 'team2', 'team3'],
      settings: { veto: false, seeding: 'manual' },
    },
  });
  expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(200);
});
afterAll(async () => {
  await server.stop();
});

const decide = async (slug: string, winner: 'team1' | 'team2') => {
  now += 60;
  const res = await server.request('POST', `/api/matches/${slug}/winner`, { body: { winner } });
  expect(res.status).toBe(200);
};

describe('GET /api/teams/:id/history', () => {
  it('lists the completed matches a team played, the latest first, without byes or open matches', async () => {
    const manual = await server.request('POST', '/api/matches', {
      body: { team1Id: 'team1', team2Id: 'team3', format: 'bo1', veto: false, maps: ['de_mirage'] },
    });
    expect(manual.status).toBe(201);
    const { matches } = (await server.request('GET', '/api/tournament/bracket', { token: null })).body;
    const semi = matches.find((m: { team1: unknown; team2: unknown }) => m.team1 && m.team2);
    await decide(semi.slug, 'team1');
    await decide(manual.body.match.slug, 'team2');

    const res = await server.request('GET', '/api/teams/team3/history', { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, teamId: 'team3', count: 2 });
    expect(res.body.matches.map((m: { slug: string }) => m.slug)).toEqual([
      manual.body.match.slug,
      semi.slug,
    ]);
    expect(res.body.matches[0]).toMatchObject({ status: 'completed', winnerId: 'team3' });

    // Team 1 had a bye into the final, which is still to play: neither is history.
    const top = await server.request('GET', '/api/teams/team1/history', { token: null });
    expect(top.body.matches.map((m: { slug: string }) => m.slug)).toEqual([manual.body.match.slug]);
  });

  it('answers an empty list for a team that has played nothing', async () => {
    await server.request('POST', '/api/teams', {
      body: { id: 'fresh', name: 'Fresh', tag: 'FR', players: [] },
    });
    const res = await server.request('GET', '/api/teams/fresh/history', { token: null });
    expect(res.body).toEqual({ success: true, teamId: 'fresh', count: 0, matches: [] });
  });

  it('answers 404 for an unknown team', async () => {
    const res = await server.request('GET', '/api/teams/nobody/history', { token: null });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('GET /api/players/:platformId/team', () => {
  const teamRef = (n: number) => ({ id: `team${n}`, name: `Team ${n}`, tag: `T${n}` });

  it("resolves a player's team", async () => {
    const { platformId } = playerOf(2, 1);
    const res = await server.request('GET', `/api/players/${platformId}/team`, { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, platformId, team: teamRef(2), teams: [teamRef(2)] });
  });

  it("puts the current tournament's team first for a player on two teams", async () => {
    const { platformId, name } = playerOf(3, 1);
    const extra = await server.request('POST', '/api/teams', {
      body: { id: 'aaa-mix', name: 'AAA Mix', tag: 'AAA', players: [{ platformId, name }] },
    });
    expect(extra.status).toBe(201);
    const res = await server.request('GET', `/api/players/${platformId}/team`, { token: null });
    expect(res.body.team).toEqual(teamRef(3));
    expect(res.body.teams).toEqual([teamRef(3), { id: 'aaa-mix', name: 'AAA Mix', tag: 'AAA' }]);
  });

  it('answers team null for a player on no team', async () => {
    const platformId = '76561198999999999';
    await server.request('POST', '/api/players', { body: { platformId, name: 'Free agent' } });
    const res = await server.request('GET', `/api/players/${platformId}/team`, { token: null });
    expect(res.body).toEqual({ success: true, platformId, team: null, teams: [] });
  });

  it('answers 404 for an unknown player and 400 for a malformed platform id', async () => {
    const unknown = await server.request('GET', '/api/players/76561198999999998/team', { token: null });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const malformed = await server.request('GET', '/api/players/12345/team', { token: null });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
  });
});
