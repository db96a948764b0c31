import { describe, expect, it } from 'vitest';
import { Browser } from '../helpers/browser.js';
import {
  ALICE,
  BOB,
  server,
  clock,
  reds,
  typedSecrets,
  signInOnLan,
  adminBrowser,
  useSignInServer,
} from '../helpers/sign-in-sessions.js';

useSignInServer();

describe('admin password', () => {
  const PASSWORD = 'correct horse battery';
  typedSecrets.push(PASSWORD);

  it('is write-only in settings, stored hashed, and signs an admin in', async () => {
    expect(
      (await server.request('POST', '/api/auth/password', { token: null, body: { password: PASSWORD } })).body
        .code,
    ).toBe('PROVIDER_NOT_CONFIGURED');
    expect((await server.request('PUT', '/api/settings', { body: { adminPassword: 'short' } })).status).toBe(
      400,
    );
    const set = await server.request('PUT', '/api/settings', { body: { adminPassword: PASSWORD } });
    expect(set.status).toBe(200);
    expect(set.body.secretsSet.adminPassword).toBe(true);
    expect(set.text).not.toContain(PASSWORD);
    const stored = server.running.app.services.settings.secret('adminPassword')!;
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored).not.toContain(PASSWORD);

    const browser = new Browser(server);
    const res = await browser.request('POST', '/api/auth/password', { body: { password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'admin', signedInWith: 'password' });
    expect((await browser.request('POST', '/api/teams', { body: { name: 'By password' } })).status).toBe(201);

    await server.request('PUT', '/api/settings', { body: { adminPassword: null } });
    expect((await server.request('GET', '/api/settings')).body.secretsSet.adminPassword).toBe(false);
  });

  it('refuses a wrong password with 401 and rate-limits after 5 wrong ones', async () => {
    await server.request('PUT', '/api/settings', { body: { adminPassword: PASSWORD } });
    const browser = new Browser(server);
    for (let i = 0; i < 5; i++) {
      const res = await browser.request('POST', '/api/auth/password', { body: { password: 'guess' } });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('BAD_PASSWORD');
    }
    const limited = await browser.request('POST', '/api/auth/password', { body: { password: PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/15 minutes/);
    clock.t += 901;
    expect(
      (await browser.request('POST', '/api/auth/password', { body: { password: PASSWORD } })).status,
    ).toBe(200);
  });
});

describe('impersonation', () => {
  it('an admin views the app as a player: every answer says so and admin rights are off until it stops', async () => {
    await server.request('PUT', `/api/players/${ALICE}`, { body: { chatId: 'alice#1' } });
    const admin = await adminBrowser();
    const start = await admin.request('POST', '/api/auth/impersonate', { body: { platformId: ALICE } });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      role: 'player',
      platformId: ALICE,
      name: 'alice',
      impersonating: true,
    });

    for (const path of [
      '/api/auth/me',
      '/api/tournament/allocation-status',
      '/health',
      `/api/players/${ALICE}`,
    ]) {
      const res = await admin.request('GET', path);
      expect(res.headers.get('x-matchday-impersonating'), path).toBe(ALICE);
    }
    expect((await admin.request('GET', '/api/auth/admin/me')).body).toMatchObject({
      role: 'player',
      can: [],
    });
    // Admin-only actions are refused, reads of admin data too; chat ids stay hidden as for the player.
    expect((await admin.request('POST', '/api/teams', { body: { name: 'x' } })).status).toBe(403);
    expect((await admin.request('GET', '/api/teams')).status).toBe(403);
    expect((await admin.request('GET', `/api/players/${ALICE}`)).body.player).not.toHaveProperty('chatId');
    expect((await admin.request('POST', '/api/auth/impersonate', { body: { platformId: BOB } })).status).toBe(
      403,
    );
    // The player's own pages work as theirs.
    expect((await admin.request('GET', '/api/players/me/chat-id')).body.chatId).toBe('alice#1');

    const stop = await admin.request('DELETE', '/api/auth/impersonate');
    expect(stop.status).toBe(200);
    expect(stop.body).toMatchObject({ role: 'admin', impersonating: false });
    expect(stop.headers.get('x-matchday-impersonating')).toBeNull();
    expect((await admin.request('GET', '/api/teams')).status).toBe(200);
  });

  it('needs an admin session and a known player', async () => {
    expect(
      (await server.request('POST', '/api/auth/impersonate', { body: { platformId: ALICE } })).status,
    ).toBe(400);
    const admin = await adminBrowser();
    expect(
      (await admin.request('POST', '/api/auth/impersonate', { body: { platformId: '76561198000000099' } }))
        .status,
    ).toBe(404);
    const player = new Browser(server);
    await signInOnLan(player, ALICE, reds);
    expect(
      (await player.request('POST', '/api/auth/impersonate', { body: { platformId: BOB } })).status,
    ).toBe(403);
    expect((await player.request('DELETE', '/api/auth/impersonate')).status).toBe(403);
  });

  it('logout during impersonation ends the whole session', async () => {
    const admin = await adminBrowser();
    const sessionId = admin.cookies.get('matchday_session')!;
    await admin.request('POST', '/api/auth/impersonate', { body: { platformId: ALICE } });
    await admin.request('POST', '/api/auth/logout');
    const reused = await server.request('GET', '/api/auth/admin/me', {
      token: null,
      headers: { Cookie: `matchday_session=${sessionId}` },
    });
    expect(reused.status).toBe(401);
  });
});

describe('/api/players/me/chat-id', () => {
  it('a player sets and clears their own chat id; only admins and tokens see it elsewhere; imports leave it', async () => {
    const player = new Browser(server);
    await signInOnLan(player, ALICE, reds);
    expect((await player.request('GET', '/api/players/me/chat-id')).body).toEqual({
      success: true,
      chatId: null,
    });
    const set = await player.request('PUT', '/api/players/me/chat-id', { body: { chatId: ' alice#42 ' } });
    expect(set.body).toEqual({ success: true, chatId: 'alice#42' });
    expect((await player.request('GET', `/api/players/${ALICE}`)).body.player).not.toHaveProperty('chatId');
    expect(
      (await server.request('GET', `/api/players/${ALICE}`, { token: null })).body.player,
    ).not.toHaveProperty('chatId');
    expect(
      (await server.request('GET', `/api/players/${ALICE}`, { token: 'readonly' })).body.player.chatId,
    ).toBe('alice#42');
    expect((await (await adminBrowser()).request('GET', `/api/players/${ALICE}`)).body.player.chatId).toBe(
      'alice#42',
    );

    await server.request('PUT', '/api/players/me/chat-id', { body: { chatId: null } });
    await player.request('PUT', '/api/players/me/chat-id', { body: { chatId: null } });
    await server.request('POST', '/api/players', {
      body: [{ platformId: ALICE, name: 'alice', chatId: 'imported' }],
    });
    expect((await player.request('GET', '/api/players/me/chat-id')).body.chatId).toBeNull();
  });

  it('is for signed-in players only', async () => {
    expect((await server.request('GET', '/api/players/me/chat-id', { token: null })).status).toBe(401);
    expect((await server.request('GET', '/api/players/me/chat-id')).status).toBe(403);
    expect(
      (await (await adminBrowser()).request('PUT', '/api/players/me/chat-id', { body: { chatId: 'x' } }))
        .status,
    ).toBe(403);
    const player = new Browser(server);
    await signInOnLan(player, ALICE, reds);
    expect(
      (await player.request('PUT', '/api/players/me/chat-id', { body: { chatId: 'x'.repeat(65) } })).status,
    ).toBe(400);
  });
});
