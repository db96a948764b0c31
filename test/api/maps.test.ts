import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

describe('GET /api/maps/workshop/:idOrUrl', () => {
  /** A stand-in for the platform's published-file details API on loopback. */
  async function fakeUpstream(): Promise<{ url: string; asked: string[]; close(): Promise<void> }> {
    const asked: string[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const id = new URLSearchParams(body).get('publishedfileids[0]') ?? '';
        asked.push(id);
        const details =
          id === '3070284539'
            ? {
                result: 1,
                publishedfileid: id,
                title: 'Cache (2024)',
                preview_url: 'https://img.example/cache.jpg',
              }
            : { result: 9, publishedfileid: id };
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ response: { result: 1, resultcount: 1, publishedfiledetails: [details] } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/ISteamRemoteStorage/GetPublishedFileDetails/v1/`,
      asked,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  it('finds an item by id or page URL; 404 for an unknown one; 400 for something else', async () => {
    const upstream = await fakeUpstream();
    const server = await startTestServer({ env: { WORKSHOP_LOOKUP_URL: upstream.url } });
    try {
      const page = encodeURIComponent('https://steamcommunity.com/sharedfiles/filedetails/?id=3070284539');
      for (const idOrUrl of ['3070284539', page]) {
        const res = await server.request('GET', `/api/maps/workshop/${idOrUrl}`);
        expect(res.status).toBe(200);
        expect(res.body.item).toEqual({
          workshopId: '3070284539',
          title: 'Cache (2024)',
          previewUrl: 'https://img.example/cache.jpg',
          suggestedMapId: 'cache_2024',
        });
      }
      const unknown = await server.request('GET', '/api/maps/workshop/42');
      expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
      const bad = await server.request('GET', '/api/maps/workshop/de_mirage');
      expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(upstream.asked).toEqual(['3070284539', '3070284539', '42']);
      expect((await server.request('GET', '/api/maps/workshop/42', { token: null })).status).toBe(401);
    } finally {
      await server.stop();
      await upstream.close();
    }
  });

  it('answers 503 OFFLINE when the workshop cannot be reached', async () => {
    const upstream = await fakeUpstream();
    await upstream.close();
    const server = await startTestServer({ env: { WORKSHOP_LOOKUP_URL: upstream.url } });
    try {
      const res = await server.request('GET', '/api/maps/workshop/3070284539');
      expect([res.status, res.body.code]).toEqual([503, 'OFFLINE']);
      expect(res.body.error).toMatch(/could not be reached.*add the map by its id and name/);
    } finally {
      await server.stop();
    }
  });
});
