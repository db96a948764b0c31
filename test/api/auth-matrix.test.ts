import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concretePath, documentedOperations, type DocumentedOperation } from '../helpers/openapi.js';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

const WRONG_TOKEN = 'wrong-token-that-is-long-enough';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

let server: TestServer;
let operations: DocumentedOperation[];

beforeAll(async () => {
  server = await startTestServer();
  operations = await documentedOperations(server);
});
afterAll(async () => {
  await server.stop();
});

function call(op: DocumentedOperation, headers: Record<string, string>) {
  const body = READ_METHODS.has(op.method) ? undefined : {};
  return server.request(op.method, concretePath(op.path), { token: null, headers, body });
}

const ADMIN_OR_READ = new Set(['admin', 'admin-secrets', 'read']);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The matrix is built from /api-docs.json, so every route added later is covered without editing this file. */
describe('auth matrix', () => {
  it('covers the admin routes', () => {
    expect(operations.filter((op) => op.access === 'admin').length).toBeGreaterThan(3);
  });

  it('admin and read routes: 401 without a token and with a wrong token', async () => {
    for (const op of operations.filter((o) => ADMIN_OR_READ.has(o.access))) {
      for (const headers of [{}, bearer(WRONG_TOKEN), { 'X-API-Token': WRONG_TOKEN }] as Record<
        string,
        string
      >[]) {
        const res = await call(op, headers);
        expect(res.status, `${op.method} ${op.path}`).toBe(401);
        expect(res.body.code).toBe('UNAUTHENTICATED');
      }
    }
  });

  it('admin routes: a read-only token reads but gets 403 on anything else', async () => {
    for (const op of operations.filter((o) => o.access === 'admin')) {
      const res = await call(op, bearer(TOKENS.readonly));
      if (READ_METHODS.has(op.method)) {
        expect(res.status, `${op.method} ${op.path}`).not.toBe(401);
        expect(res.status, `${op.method} ${op.path}`).not.toBe(403);
      } else {
        expect(res.status, `${op.method} ${op.path}`).toBe(403);
        expect(res.body.code).toBe('READ_ONLY_TOKEN');
      }
    }
  });

  it('admin routes whose answer holds secrets (backups): 403 for a read-only token, reading included', async () => {
    const secretRoutes = operations.filter((o) => o.access === 'admin-secrets');
    expect(secretRoutes.map((o) => o.path)).toContain('/api/backup');
    for (const op of secretRoutes) {
      const res = await call(op, bearer(TOKENS.readonly));
      expect(res.status, `${op.method} ${op.path}`).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });

  it('admin and read routes: 403 for an integrator token', async () => {
    for (const op of operations.filter((o) => ADMIN_OR_READ.has(o.access))) {
      const res = await call(op, { 'X-API-Token': TOKENS.integrator });
      expect(res.status, `${op.method} ${op.path}`).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });

  it('admin and read routes: an admin token gets through (2xx or a 4xx that is not 401/403, never 5xx)', async () => {
    for (const op of operations.filter((o) => ADMIN_OR_READ.has(o.access))) {
      for (const headers of [bearer(TOKENS.admin), { 'X-API-Token': TOKENS.admin }]) {
        const res = await call(op, headers);
        expect(res.status, `${op.method} ${op.path}`).toBeLessThan(500);
        expect([401, 403], `${op.method} ${op.path}`).not.toContain(res.status);
      }
    }
  });

  it('server routes: 401 without or with a wrong plugin token', async () => {
    for (const op of operations.filter((o) =>
      ['server', 'events', 'bootstrap', 'report'].includes(o.access),
    )) {
      for (const headers of [{}, { 'X-Plugin-Token': WRONG_TOKEN }, bearer(TOKENS.admin)] as Record<
        string,
        string
      >[]) {
        expect((await call(op, headers)).status, `${op.method} ${op.path}`).toBe(401);
      }
    }
  });

  it('public routes never ask for a token', async () => {
    for (const op of operations.filter((o) => o.access === 'public')) {
      const res = await call(op, {});
      expect([401, 403], `${op.method} ${op.path}`).not.toContain(res.status);
      expect(res.status, `${op.method} ${op.path}`).toBeLessThan(500);
    }
  });
});

describe('GET /api/auth/admin/me', () => {
  it.each([
    ['admin', 'admin', 'admin', ['read', 'write', 'rcon', 'integrations']],
    ['readonly', 'readonly', 'reader', ['read']],
    ['integrator', 'integrator', 'website', ['integrations']],
  ] as const)('describes the %s token', async (token, role, label, can) => {
    const res = await server.request('GET', '/api/auth/admin/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      authenticated: true,
      kind: 'token',
      role,
      label,
      platformId: null,
      can,
    });
  });

  it('answers 401 without a credential', async () => {
    expect((await server.request('GET', '/api/auth/admin/me', { token: null })).status).toBe(401);
  });
});

describe('admin sessions', () => {
  it('a one-time admin link signs in once, and the session works as an admin', async () => {
    const link = await server.running.app.services.auth.createAdminLinkToken();
    const first = await server.request('GET', `/api/auth/admin-link/${link}`, { token: null });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/admin');
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const sessionCookie = cookie.split(';')[0]!;

    const me = await server.request('GET', '/api/auth/admin/me', {
      token: null,
      headers: { Cookie: sessionCookie },
    });
    expect(me.body).toMatchObject({ kind: 'session', role: 'admin' });

    const again = await server.request('GET', `/api/auth/admin-link/${link}`, { token: null });
    expect(again.headers.get('location')).toBe('/signin?error=admin-link');

    // A change with the session cookie must come from the app's own origin (CSRF defence).
    const crossSite = await server.request('POST', '/api/teams', {
      token: null,
      headers: { Cookie: sessionCookie, Origin: 'http://evil.example' },
      body: { name: 'From elsewhere' },
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await server.request('POST', '/api/teams', {
      token: null,
      headers: { Cookie: sessionCookie, Origin: server.url },
      body: { name: 'From the app' },
    });
    expect(sameSite.status).toBe(201);

    const logout = await server.request('POST', '/api/auth/logout', {
      token: null,
      headers: { Cookie: sessionCookie, Origin: server.url },
    });
    expect(logout.headers.get('set-cookie')).toMatch(/matchday_session=;/);
    const after = await server.request('GET', '/api/auth/admin/me', {
      token: null,
      headers: { Cookie: sessionCookie },
    });
    expect(after.status).toBe(401);
  });
});

describe('logs', () => {
  it('never contain a configured secret, a presented token or a one-time link', async () => {
    const link = await server.running.app.services.auth.createAdminLinkToken();
    await server.request('GET', `/api/auth/admin-link/${link}`, { token: null });
    await server.request('GET', `/health?token=${TOKENS.admin}`, { token: null });
    await server.request('GET', '/api/teams', { token: null, headers: bearer(WRONG_TOKEN) });
    await server.request('POST', '/api/events', { token: 'server', body: { event: 'x' } });
    server.running.app.ctx.logger.warn(`a careless message that mentions ${TOKENS.server}`);
    await waitFor(() => server.logs.some((line) => line.includes('a careless message')), {
      message: 'the careless warning in the log',
    });
    const everything = server.logs.join('\n');
    expect(server.logs.length).toBeGreaterThan(10);
    for (const secret of [...Object.values(TOKENS), WRONG_TOKEN, link]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).toContain('[hidden:');
  });
});
