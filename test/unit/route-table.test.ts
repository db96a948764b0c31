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
