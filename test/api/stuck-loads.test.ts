import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUCK_LOAD_S } from '../../shared/domain/waiting-work.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.request('PUT', '/api/settings', { body: { autoAllocate: false } });
  for (const id of ['red', 'blue', 'green', 'gold']) {
    await server.request('POST', '/api/teams', { body: { id, name: id } });
  }
});
afterAll(async () => {
  await server.stop();
});

/** A manual match stored as loaded on `serverId`, with a load sent `ago` seconds back (no RCON here). */
async function loadedMatch(team1Id: string, team2Id: string, serverId: string, ago: number) {
  const created = await server.request('POST', '/api/matches', {
    body: { team1Id, team2Id, format: 'bo1', veto: false, maps: ['de_mirage'] },
  });
  expect(created.status).toBe(201);
  const slug = created.body.match.slug as string;
  const { repos, clock } = server.running.app.ctx;
  const sentAt = clock.now() - ago;
  await repos.matches.save({
    ...(await repos.matches.get(slug))!,
    status: 'loaded',
    serverId,
    loadedAt: sentAt,
  });
  const loadId = `load-${slug}`;
  await repos.loads.insert({ loadId, matchSlug: slug, serverId, createdAt: sentAt });
  return { slug, loadId, sentAt };
}

describe('GET /api/loads/stuck (issue 31)', () => {
  it('lists a load no server fetched in time, and forgets it once fetched; admin only', async () => {
    const old = await loadedMatch('red', 'blue', 'lan-1', STUCK_LOAD_S + 60);
    const fresh = await loadedMatch('green', 'gold', 'lan-2', 10);
    const res = await server.request('GET', '/api/loads/stuck');
    expect(res.status).toBe(200);
    expect(res.body.loads).toEqual([
      { matchSlug: old.slug, serverId: 'lan-1', sentAt: old.sentAt, waitingSeconds: expect.any(Number) },
    ]);
    expect(res.body.loads[0].waitingSeconds).toBeGreaterThanOrEqual(STUCK_LOAD_S + 60);
    expect(res.body.loads.map((l: { matchSlug: string }) => l.matchSlug)).not.toContain(fresh.slug);

    expect((await server.request('GET', '/api/loads/stuck', { token: null })).status).toBe(401);

    const { repos, clock } = server.running.app.ctx;
    await repos.loads.markFetched(old.loadId, clock.now());
    expect((await server.request('GET', '/api/loads/stuck')).body.loads).toEqual([]);
  });

  it('leaves out a load whose match no longer waits on that server', async () => {
    const moved = await loadedMatch('red', 'gold', 'lan-3', STUCK_LOAD_S + 5);
    const { repos } = server.running.app.ctx;
    await repos.matches.save({ ...(await repos.matches.get(moved.slug))!, serverId: 'lan-4' });
    const slugs = (await server.request('GET', '/api/loads/stuck')).body.loads.map(
      (l: { matchSlug: string }) => l.matchSlug,
    );
    expect(slugs).not.toContain(moved.slug);
  });
});
