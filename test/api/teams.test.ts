import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const PLAYER_A = '76561198000000001';
const PLAYER_B = '76561198000000002';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

async function teamCount(): Promise<number> {
  return (await server.request('GET', '/api/teams')).body.count;
}

/** A team of one test's own, so that no test depends on another. */
async function addTeam(id: string, name: string, players: { platformId: string; name: string }[] = []) {
  const res = await server.request('POST', '/api/teams', { body: { id, name, players } });
  expect(res.status).toBe(201);
}

describe('POST /api/teams', () => {
  it('creates a team with an id made from its name and saves its roster', async () => {
    const res = await server.request('POST', '/api/teams', {
      body: { name: 'Natus Vincere', tag: 'NAVI', players: [{ platformId: PLAYER_A, name: 'alpha' }] },
    });
    expect(res.status).toBe(201);
    expect(res.body.team).toMatchObject({
      id: 'natus-vincere',
      name: 'Natus Vincere',
      tag: 'NAVI',
      players: [{ platformId: PLAYER_A, name: 'alpha' }],
    });
    expect(res.body.warnings).toEqual([]);
    const read = await server.request('GET', '/api/teams/natus-vincere');
    expect(read.body.team.players).toHaveLength(1);
  });

  it('warns, but saves, when a player is already on another team', async () => {
    const player = { platformId: '76561198000000003', name: 'charlie' };
    await addTeam('first-club', 'First Club', [player]);
    const res = await server.request('POST', '/api/teams', {
      body: { id: 'second-club', name: 'Second Club', players: [player] },
    });
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual([expect.stringContaining('First Club')]);
  });

  it.each([
    [
      'a 16-digit platform id',
      { name: 'X', players: [{ platformId: '7656119800000000', name: 'a' }] },
      'players.0.platformId',
    ],
    [
      'a platform id with letters',
      { name: 'X', players: [{ platformId: '7656119800000000x', name: 'a' }] },
      'players.0.platformId',
    ],
    [
      'a numeric platform id',
      { name: 'X', players: [{ platformId: 76561198000000000, name: 'a' }] },
      'players.0.platformId',
    ],
    ['a missing name', { tag: 'X' }, 'name'],
    ['a name of the wrong type', { name: 42 }, 'name'],
  ])('refuses %s with 400 naming the field, saving nothing', async (_what, body, field) => {
    const before = await teamCount();
    const res = await server.request('POST', '/api/teams', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(field);
    expect(await teamCount()).toBe(before);
  });

  it('refuses a duplicate id with 409', async () => {
    await addTeam('taken', 'Taken');
    const res = await server.request('POST', '/api/teams', { body: { id: 'taken', name: 'Again' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ALREADY_EXISTS');
  });

  it('refuses malformed JSON with 400 BAD_JSON', async () => {
    const res = await server.request('POST', '/api/teams', { body: '{"name": ' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_JSON');
  });

  it('refuses a 10 MB body with 413 and saves nothing', async () => {
    const before = await teamCount();
    const res = await server.request('POST', '/api/teams', {
      body: { name: 'Huge', tag: 'x'.repeat(10 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await teamCount()).toBe(before);
  });

  it('creates many from an array: 201 when all apply', async () => {
    const res = await server.request('POST', '/api/teams', {
      body: [{ name: 'Batch One' }, { name: 'Batch Two', players: [{ platformId: PLAYER_B, name: 'b' }] }],
    });
    expect(res.status).toBe(201);
    expect(res.body.stats).toEqual({ total: 2, successful: 2, failed: 0 });
  });

  it('answers 207 for a batch with a bad item and applies only the good ones', async () => {
    const before = await teamCount();
    const res = await server.request('POST', '/api/teams', {
      body: [{ name: 'Good' }, { id: 'bad', name: 'Bad', players: [{ platformId: '1', name: 'x' }] }],
    });
    expect(res.status).toBe(207);
    expect(res.body.failed).toEqual([
      expect.objectContaining({ index: 1, id: 'bad', code: 'VALIDATION_FAILED' }),
    ]);
    expect(await teamCount()).toBe(before + 1);
  });
});

describe('PUT and DELETE /api/teams/:id', () => {
  it('changes only the given fields and replaces the roster', async () => {
    await addTeam('edited', 'Edited', [{ platformId: '76561198000000004', name: 'delta' }]);
    const res = await server.request('PUT', '/api/teams/edited', {
      body: { tag: 'EDT', players: [{ platformId: PLAYER_B, name: 'bravo' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.team).toMatchObject({
      name: 'Edited',
      tag: 'EDT',
      players: [{ platformId: PLAYER_B, name: 'bravo' }],
    });
    expect(res.body.team.players).toHaveLength(1);
  });

  it('answers 404 for an unknown team', async () => {
    const res = await server.request('PUT', '/api/teams/nobody', { body: { name: 'X' } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('refuses to delete a team while it plays a live match (409), and deletes it after', async () => {
    await addTeam('rival', 'Rival');
    await addTeam('opponent', 'Opponent');
    await server.request('PUT', '/api/settings', { body: { autoAllocate: false } });
    const created = await server.request('POST', '/api/matches', {
      body: { team1Id: 'rival', team2Id: 'opponent', format: 'bo1', veto: false, maps: ['de_mirage'] },
    });
    const slug = created.body.match.slug as string;
    const matches = server.running.app.ctx.repos.matches;
    await matches.save({ ...(await matches.get(slug))!, status: 'live' });
    const refused = await server.request('DELETE', '/api/teams/rival');
    expect([refused.status, refused.body.code]).toEqual([409, 'TEAM_IN_LIVE_MATCH']);
    const decided = await server.request('POST', `/api/matches/${slug}/winner`, {
      body: { winner: 'team1' },
    });
    expect(decided.status).toBe(200);
    expect((await server.request('DELETE', '/api/teams/rival')).status).toBe(200);
  });

  it('deletes a team', async () => {
    await addTeam('doomed', 'Doomed');
    expect((await server.request('DELETE', '/api/teams/doomed')).status).toBe(200);
    expect((await server.request('GET', '/api/teams/doomed')).status).toBe(404);
  });
});
