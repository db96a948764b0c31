import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../helpers/postgres.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';

let server: TestServer;

beforeAll(async () => {
  const rendererDir = tempDir('md-renderer-');
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><div id="root">web app</div>');
  fs.mkdirSync(path.join(rendererDir, 'assets'));
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app-123.js'), 'console.log(1)');
  server = await startTestServer({ rendererDir });
});
afterAll(async () => {
  await server.stop();
});

describe('HTTP conventions', () => {
  it('GET /health answers the seed payload, the instance, whether it leads and the engine', async () => {
    const res = await server.request('GET', '/health', { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      status: 'ok',
      version: expect.any(String),
      uptimeSeconds: expect.any(Number),
      instance: expect.stringContaining(`:${process.pid}:`),
      // The one SQLite instance leads from the start (API.md decision 69).
      leader: true,
      database: testEngine(),
    });
  });

  it('refuses text holding a NUL character, in a path or a body, on either engine', async () => {
    const inPath = await server.request('GET', '/api/teams/a%00b');
    expect(inPath.status).toBe(400);
    expect(inPath.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(inPath.body.error).toMatch(/NUL character/);
    const inBody = await server.request('POST', '/api/teams', { body: { name: 'Zero\u0000Team' } });
    expect(inBody.status).toBe(400);
    expect(inBody.body.error).toMatch(/name: text must not contain a NUL character/);
    expect((await server.request('GET', '/api/teams')).body.teams).toEqual([]);
  });

  it('puts a request id on every response', async () => {
    const ids = new Set<string>();
    for (const p of ['/health', '/api/teams', '/api/nope', '/bracket']) {
      const id = (await server.request('GET', p)).headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id!);
    }
    expect(ids.size).toBe(4);
  });

  it('answers an unknown /api path with 404 JSON', async () => {
    const res = await server.request('GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      error: expect.stringContaining('/api/no'),
    });
    expect((await server.request('DELETE', '/api/teams')).status).toBe(404);
  });

  it.each(['/', '/bracket', '/admin', '/admin/teams', '/matches/abc', '/veto/x'])(
    'serves the web app for %s on a fresh load',
    async (p) => {
      const res = await server.request('GET', p, { token: null });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.text).toContain('web app');
    },
  );

  it('serves hashed assets with a long cache and 404s a missing one', async () => {
    const res = await server.request('GET', '/assets/app-123.js', { token: null });
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await server.request('GET', '/assets/missing.js', { token: null })).status).toBe(404);
  });

  it('refuses a body that is not JSON on a JSON route', async () => {
    const res = await server.request('POST', '/api/teams', {
      body: 'name=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('plugin token', () => {
  it('is generated once and kept across restarts when SERVER_TOKEN is not set', async () => {
    const dataDir = tempDir('md-token-');
    const first = await startTestServer({ dataDir, env: { SERVER_TOKEN: '' } });
    const token = first.running.app.ctx.serverToken;
    await first.stop();
    const second = await startTestServer({ dataDir, env: { SERVER_TOKEN: '' } });
    expect(second.running.app.ctx.serverToken).toBe(token);
    expect(token.length).toBeGreaterThanOrEqual(24);
    await second.stop();
  });
});
