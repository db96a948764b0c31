import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('plugin token (X-Plugin-Token against SERVER_TOKEN)', () => {
  it('accepts the server token and refuses a missing or wrong one with 401', async () => {
    server = await startTestServer();
    expect((await server.request('GET', '/api/events/test', { token: 'server' })).body).toMatchObject({
      success: true,
    });
    const missing = await server.request('GET', '/api/events/test', { token: null });
    expect(missing.status).toBe(401);
    expect(missing.body.error).toContain('missing');
    const wrong = await server.request('GET', '/api/events/test', {
      token: null,
      headers: { 'X-Plugin-Token': `${TOKENS.server}x` },
    });
    expect(wrong.status).toBe(401);
    // An admin API token is not a plugin token.
    expect((await server.request('GET', '/api/events/test', { token: 'admin' })).status).toBe(401);
  });

  it('with ALLOW_UNAUTHENTICATED_EVENTS=true accepts events without a token, but still refuses a wrong one', async () => {
    server = await startTestServer({ env: { ALLOW_UNAUTHENTICATED_EVENTS: 'true' } });
    expect((await server.request('GET', '/api/events/test', { token: null })).status).toBe(200);
    const wrong = await server.request('GET', '/api/events/test', {
      token: null,
      headers: { 'X-Plugin-Token': 'not-the-server-token' },
    });
    expect(wrong.status).toBe(401);
  });
});
