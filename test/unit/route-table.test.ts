import express from 'express';
import { describe, expect, it } from 'vitest';
import { RouteTable, toOpenApiPath } from '../../server/http/route.js';
import { createRegistry } from '../../server/openapi/docs.js';

const route = {
  method: 'get' as const,
  path: '/api/things/:id',
  access: 'public' as const,
  tag: 'Things',
  summary: 'A thing',
  handler: () => ({ success: true }),
};

describe('RouteTable', () => {
  it('refuses to register the same method and path twice', () => {
    const table = new RouteTable(express.Router(), createRegistry(), () => (_req, _res, next) => next());
    table.add(route);
    table.add({ ...route, method: 'put' });
    expect(() => table.add(route)).toThrow('Route GET /api/things/:id is registered twice.');
  });

  it('documents Express parameters in OpenAPI form', () => {
    expect(toOpenApiPath('/api/matches/:slug/maps/:mapNumber')).toBe('/api/matches/{slug}/maps/{mapNumber}');
  });
});

describe('RouteTable dispatch by path family', () => {
  const table = () => {
    const router = express.Router();
    const routes = new RouteTable(router, createRegistry(), () => (_req, _res, next) => next());
    return { router, routes };
  };

  it('answers each route from its family, whatever the case, and lets other paths go on', async () => {
    const { router, routes } = table();
    routes.add({ ...route, path: '/api/things/:id', handler: ({ params }) => ({ thing: params.id }) });
    routes.add({ ...route, path: '/api/other', handler: () => ({ other: true }) });
    routes.add({ ...route, path: '/health', handler: () => ({ ok: true }) });
    const app = express();
    app.use(router);
    app.use((_req, res) => res.status(404).json({ missed: true }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    const get = async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      return [res.status, await res.json()];
    };
    try {
      expect(await get('/api/things/7')).toEqual([200, { thing: '7' }]);
      expect(await get('/API/Things/8')).toEqual([200, { thing: '8' }]);
      expect(await get('/api/other')).toEqual([200, { other: true }]);
      expect(await get('/health')).toEqual([200, { ok: true }]);
      expect(await get('/api/things')).toEqual([404, { missed: true }]);
      expect(await get('/api/nothing/7')).toEqual([404, { missed: true }]);
    } finally {
      server.close();
    }
  });

  it('refuses a route whose family is a parameter', () => {
    expect(() => table().routes.add({ ...route, path: '/api/:kind/list' })).toThrow(
      'Route /api/:kind/list has a parameter in its family (/api/:kind).',
    );
  });
});
