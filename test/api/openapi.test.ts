import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressRoutes } from '../helpers/express-routes.js';
import { documentedOperations } from '../helpers/openapi.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('/api-docs.json', () => {
  it('lists exactly the routes Express serves under /api and /health', async () => {
    const documented = (await documentedOperations(server)).map((op) => `${op.method} ${op.path}`).sort();
    const served = expressRoutes(server.running.app.express)
      .filter((route) => / \/api\/|^GET \/health$/.test(route))
      .sort();
    expect(documented).toEqual(served);
    expect(documented).toContain('GET /health');
  });

  it('names the access of every operation', async () => {
    for (const op of await documentedOperations(server)) {
      expect([
        'public',
        'read',
        'admin',
        'admin-secrets',
        'integrator',
        'server',
        'server-or-admin',
        'events',
        'signed-in',
        'bootstrap',
        'report',
      ]).toContain(op.access);
    }
  });

  it('is public and does not list the docs themselves', async () => {
    const res = await server.request('GET', '/api-docs.json', { token: null });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths).some((p) => p.startsWith('/api-docs'))).toBe(false);
  });
});

describe('/api-docs', () => {
  it('serves the interactive reference from the installed package, with no CDN', async () => {
    const res = await server.request('GET', '/api-docs/', { token: null });
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
    expect(res.text).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"']*\.(js|css)/);
    const init = await server.request('GET', '/api-docs/swagger-ui-init.js', { token: null });
    expect(init.status).toBe(200);
    expect(init.text).toContain('/api-docs.json');
    const bundle = await server.request('GET', '/api-docs/swagger-ui-bundle.js', { token: null });
    expect(bundle.status).toBe(200);
  });
});
