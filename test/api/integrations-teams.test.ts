import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const asRosterEntry = (p: { platformId: string; name: string }) => ({ ...p, role: 'player' });
const player = (n: number, name = `player ${n}`) => ({
  platformId: String(76561198000000000n + BigInt(n)),
  name,
});
const team = (name: string, players: { platformId: string; name: string }[]) => ({
  name,
  tag: name.slice(0, 3),
  players,
});

const put = (externalId: string, body: unknown, token: 'integrator' | 'admin' = 'integrator') =>
  server.request('PUT', `/api/integrations/teams/${externalId}`, { token, body });
const batch = (teams: unknown[]) =>
  server.request('POST', '/api/integrations/teams/batch', { token: 'integrator', body: { teams } });

/** A manual match of the two teams made live by the plugin's events. */
async function liveMatch(team1Id: string, team2Id: string) {
  const created = await server.request('POST', '/api/matches', {
    body: { team1Id, team2Id, format: 'bo1', maps: ['de_dust2'], veto: false },
  });
  const { slug, matchid } = created.body.match;
  for (const body of [
    { matchid, event: 'series_start' },
    { map_number: 0, matchid, event: 'going_live' },
  ]) {
    await server.request('POST', `/api/events/${slug}`, { token: 'server', body });
  }
  expect((await server.request('GET', `/api/matches/${slug}`)).body.match.status).toBe('live');
  return slug as string;
}

describe('PUT /api/integrations/teams/:externalId', () => {
  it('creates the team (201), then answers unchanged for the same team and changes nothing', async () => {
    const body = team('Alpha', [player(1), player(2)]);
    const created = await put('web-1', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      source: 'website',
      externalId: 'web-1',
      result: 'created',
      team: { name: 'Alpha', tag: 'Alp', players: body.players },
    });
    const again = await put('web-1', body);
    expect(again.status).toBe(200);
    expect(again.body.result).toBe('unchanged');
    expect(again.body.team).toEqual(created.body.team);
    const read = await server.request('GET', '/api/integrations/teams/web-1', { token: 'integrator' });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ source: 'website', externalId: 'web-1', teamId: created.body.teamId });
    expect(read.body.team).toEqual(created.body.team);
  });

  it('replaces the player list with the new one', async () => {
    await put('web-2', team('Bravo', [player(3), player(4), player(5)]));
    const updated = await put('web-2', team('Bravo', [player(5, 'renamed'), player(6)]));
    expect(updated.status).toBe(200);
    expect(updated.body.result).toBe('updated');
    const read = await server.request('GET', `/api/teams/${updated.body.teamId}`);
    // Every roster entry answers its role (API.md decision 62).
    expect(read.body.team.players).toEqual([player(5, 'renamed'), player(6)].map(asRosterEntry));
  });

  it.each([
    ['16 digits', '7656119800000001'],
    ['letters', '7656119800000001x'],
    ['a number', 76561198000000000],
  ])('refuses a platform id of %s with 400 naming the entry, and saves nothing', async (_what, bad) => {
    const res = await put('web-bad', { name: 'Bad', players: [player(7), { platformId: bad, name: 'x' }] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.error).toContain('players.1.platformId');
    expect(res.body.details[0].path).toBe('players.1.platformId');
    expect(
      (await server.request('GET', '/api/integrations/teams/web-bad', { token: 'integrator' })).status,
    ).toBe(404);
  });

  it('stores external ids per source: the same id from another source is another team', async () => {
    const website = await put('shared-id', team('From website', [player(8)]));
    const admin = await put('shared-id', team('From admin', [player(9)]), 'admin');
    expect(admin.status).toBe(201);
    expect(admin.body.source).toBe('admin');
    expect(admin.body.teamId).not.toBe(website.body.teamId);
    const read = await server.request('GET', '/api/integrations/teams/shared-id', { token: 'integrator' });
    expect(read.body.team.name).toBe('From website');
  });

  it('answers 404 for an id the source never sent, and 403 to a read-only token', async () => {
    expect(
      (await server.request('GET', '/api/integrations/teams/nope', { token: 'integrator' })).status,
    ).toBe(404);
    const readonly = await server.request('PUT', '/api/integrations/teams/x', {
      token: 'readonly',
      body: team('X', []),
    });
    expect(readonly.status).toBe(403);
  });

  it('keeps the players of a team in a live match (409 TEAM_IN_LIVE_MATCH) until the match ends', async () => {
    const a = (await put('live-a', team('Live A', [player(10)]))).body.teamId;
    const b = (await put('live-b', team('Live B', [player(11)]))).body.teamId;
    const slug = await liveMatch(a, b);

    const refused = await put('live-a', team('Live A renamed', [player(12)]));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TEAM_IN_LIVE_MATCH');
    const during = (await server.request('GET', `/api/teams/${a}`)).body.team;
    // Never half-applied: the name change sent with the players is not saved either.
    expect(during).toMatchObject({ name: 'Live A', players: [player(10)] });
    // The same players with a new tag change no roster.
    expect((await put('live-a', { ...team('Live A', [player(10)]), tag: 'LA' })).body.result).toBe('updated');

    await server.request('POST', `/api/matches/${slug}/winner`, { body: { winner: 'team1' } });
    const after = await put('live-a', team('Live A', [player(12)]));
    expect(after.status).toBe(200);
    expect(after.body.team.players).toEqual([player(12)].map(asRosterEntry));
  });
});

describe('POST /api/integrations/teams/batch', () => {
  it('answers 200 with per-item results when every item applied', async () => {
    await put('batch-existing', team('Existing', [player(20)]));
    const res = await batch([
      { externalId: 'batch-new', ...team('New', [player(21)]) },
      { externalId: 'batch-existing', ...team('Existing', [player(20)]) },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      source: 'website',
      stats: { total: 2, created: 1, updated: 0, unchanged: 1, failed: 0 },
      results: [
        { index: 0, ok: true, externalId: 'batch-new', result: 'created' },
        { index: 1, ok: true, externalId: 'batch-existing', result: 'unchanged' },
      ],
    });
  });

  it('answers 207 when some items failed; each failed item is left exactly as it was', async () => {
    const a = (await put('batch-live-a', team('Batch live A', [player(30)]))).body.teamId;
    const b = (await put('batch-live-b', team('Batch live B', [player(31)]))).body.teamId;
    await liveMatch(a, b);
    const res = await batch([
      { externalId: 'batch-ok', ...team('Batch ok', [player(32)]) },
      { externalId: 'batch-bad-id', ...team('Bad id', [player(33), { platformId: '123', name: 'short' }]) },
      { externalId: 'batch-live-a', ...team('Batch live A renamed', [player(34)]) },
      { externalId: 'batch-twice', ...team('Twice', [player(35), player(35)]) },
      { name: 'no external id' },
    ]);
    expect(res.status).toBe(207);
    expect(res.body.success).toBe(false);
    expect(res.body.stats).toEqual({ total: 5, created: 1, updated: 0, unchanged: 0, failed: 4 });
    expect(res.body.results).toMatchObject([
      { index: 0, ok: true, result: 'created' },
      { index: 1, ok: false, externalId: 'batch-bad-id', code: 'VALIDATION_FAILED' },
      { index: 2, ok: false, externalId: 'batch-live-a', code: 'TEAM_IN_LIVE_MATCH' },
      { index: 3, ok: false, externalId: 'batch-twice', code: 'VALIDATION_FAILED' },
      { index: 4, ok: false, code: 'VALIDATION_FAILED' },
    ]);
    expect(res.body.results[1].error).toContain('players.1.platformId');
    const live = (await server.request('GET', `/api/teams/${a}`)).body.team;
    expect(live).toMatchObject({ name: 'Batch live A', players: [player(30)] });
    for (const id of ['batch-bad-id', 'batch-twice']) {
      expect(
        (await server.request('GET', `/api/integrations/teams/${id}`, { token: 'integrator' })).status,
      ).toBe(404);
    }
  });

  it('refuses an empty batch and one over 500 items', async () => {
    expect((await batch([])).status).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => ({ externalId: `m${i}`, name: `M${i}` }));
    const res = await batch(many);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});
