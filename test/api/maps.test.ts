import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';

const ACTIVE_DUTY = [
  'de_ancient',
  'de_anubis',
  'de_dust2',
  'de_inferno',
  'de_mirage',
  'de_nuke',
  'de_overpass',
];

describe('maps and map pools', () => {
  it('creates the default pool of 7 maps on first start, once, without internet', async () => {
    const dataDir = tempDir();
    const first = await startTestServer({ dataDir });
    const pools = (await first.request('GET', '/api/map-pools')).body.pools;
    expect(pools).toHaveLength(1);
    expect(pools[0]).toMatchObject({ isDefault: true, mapIds: ACTIVE_DUTY });
    expect((await first.request('GET', '/api/maps', { token: null })).body.count).toBe(7);
    await first.stop();

    const second = await startTestServer({ dataDir });
    expect((await second.request('GET', '/api/map-pools')).body.count).toBe(1);
    expect((await second.request('GET', '/api/maps', { token: null })).body.count).toBe(7);
    await second.stop();
  });

  it('adds, imports, disables and deletes maps; pools refuse unknown map ids naming each', async () => {
    const server = await startTestServer();
    try {
      const added = await server.request('POST', '/api/maps', {
        body: { id: 'de_vertigo', displayName: 'Vertigo' },
      });
      expect(added.status).toBe(201);
      const imported = await server.request('POST', '/api/maps', {
        body: [
          { id: 'de_train', displayName: 'Train', workshopId: '123456' },
          { id: 'Bad Map', displayName: 'x' },
          { id: 'de_vertigo', displayName: 'again' },
        ],
      });
      expect(imported.status).toBe(207);
      expect(imported.body.failed.map((f: { index: number; code: string }) => [f.index, f.code])).toEqual([
        [1, 'VALIDATION_FAILED'],
        [2, 'ALREADY_EXISTS'],
      ]);

      const disabled = await server.request('PUT', '/api/maps/de_train', { body: { enabled: false } });
      expect(disabled.body.map).toMatchObject({ enabled: false, displayName: 'Train' });

      const before = (await server.request('GET', '/api/map-pools')).body.count;
      const unknown = await server.request('POST', '/api/map-pools', {
        body: { name: 'Custom', mapIds: ['de_train', 'de_nowhere', 'de_void'] },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toContain('de_nowhere, de_void');
      expect(unknown.body.details.map((d: { path: string }) => d.path)).toEqual(['mapIds.1', 'mapIds.2']);
      expect((await server.request('GET', '/api/map-pools')).body.count).toBe(before);

      const dup = await server.request('POST', '/api/map-pools', {
        body: { name: 'Dup', mapIds: ['de_train', 'de_train'] },
      });
      expect(dup.status).toBe(400);

      const pool = await server.request('POST', '/api/map-pools', {
        body: { name: 'Custom', mapIds: ['de_train', 'de_vertigo'] },
      });
      expect(pool.status).toBe(201);
      const inPool = await server.request('DELETE', '/api/maps/de_train');
      expect(inPool.status).toBe(409);
      expect(inPool.body.error).toContain('Custom');

      const updated = await server.request('PUT', `/api/map-pools/${pool.body.pool.id}`, {
        body: { name: 'Custom 2', mapIds: ['de_vertigo'] },
      });
      expect(updated.body.pool).toMatchObject({ name: 'Custom 2', mapIds: ['de_vertigo'] });
      expect((await server.request('DELETE', '/api/maps/de_train')).status).toBe(200);
      expect((await server.request('DELETE', `/api/map-pools/${pool.body.pool.id}`)).status).toBe(200);

      const defaultPool = (await server.request('GET', '/api/map-pools')).body.pools[0];
      expect((await server.request('DELETE', `/api/map-pools/${defaultPool.id}`)).status).toBe(409);
    } finally {
      await server.stop();
    }
  });
});
