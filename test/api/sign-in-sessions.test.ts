import { describe, expect, it } from 'vitest';
import { Browser, setCookieFor } from '../helpers/browser.js';
import {
  ALICE,
  BOB,
  server,
  clock,
  reds,
  blues,
  signInOnLan,
  adminBrowser,
  useSignInServer,
} from '../helpers/sign-in-sessions.js';

useSignInServer();

describe('sessions', () => {
  it('a sign-in replaces the session id the browser had (no session fixation)', async () => {
    const browser = new Browser(server);
    await signInOnLan(browser, ALICE, reds);
    const before = browser.cookies.get('matchday_session')!;
    await signInOnLan(browser, ALICE, reds);
    const after = browser.cookies.get('matchday_session')!;
    expect(after).not.toBe(before);
    const planted = await server.request('GET', '/api/auth/me', {
      token: null,
      headers: { Cookie: `matchday_session=${before}` },
    });
    expect(planted.body.authenticated).toBe(false);

    // The admin link rotates too.
    const link = await server.running.app.services.auth.createAdminLinkToken();
    await browser.navigate(`${server.url}/api/auth/admin-link/${link}`);
    expect(browser.cookies.get('matchday_session')).not.toBe(after);
    expect(
      (
        await server.request('GET', '/api/auth/me', {
          token: null,
          headers: { Cookie: `matchday_session=${after}` },
        })
      ).body.authenticated,
    ).toBe(false);
    expect((await browser.request('GET', '/api/auth/me')).body.role).toBe('admin');
  });

  it('an id the server never issued is no session', async () => {
    const res = await server.request('GET', '/api/auth/admin/me', {
      token: null,
      headers: { Cookie: 'matchday_session=made-up-by-an-attacker-0123456789' },
    });
    expect(res.status).toBe(401);
  });

  it('ends after a day unused, and after a week even when used every day', async () => {
    const idle = new Browser(server);
    await signInOnLan(idle, ALICE, reds);
    clock.t += 24 * 3600 - 1;
    expect((await idle.request('GET', '/api/auth/me')).body.authenticated).toBe(true);
    clock.t += 24 * 3600 - 1;
    expect((await idle.request('GET', '/api/auth/me')).body.authenticated).toBe(true);
    clock.t += 24 * 3600;
    expect((await idle.request('GET', '/api/auth/me')).body.authenticated).toBe(false);

    const busy = new Browser(server);
    await signInOnLan(busy, BOB, blues);
    for (let day = 1; day < 7; day++) {
      clock.t += 20 * 3600;
      expect((await busy.request('GET', '/api/auth/me')).body.authenticated, `day ${day}`).toBe(true);
    }
    clock.t += 7 * 24 * 3600 - 6 * 20 * 3600;
    expect((await busy.request('GET', '/api/auth/me')).body.authenticated).toBe(false);
  });

  it('logout ends the session on the server and clears every sign-in cookie', async () => {
    const browser = new Browser(server);
    await signInOnLan(browser, ALICE, reds);
    const sessionId = browser.cookies.get('matchday_session')!;
    const res = await browser.request('POST', '/api/auth/logout');
    expect(res.status).toBe(200);
    const cleared = res.headers.getSetCookie().map((h) => h.split('=')[0]);
    expect(cleared).toEqual(expect.arrayContaining(['matchday_session', 'matchday_link']));
    expect(browser.cookies.size).toBe(0);
    const reused = await server.request('GET', '/api/auth/me', {
      token: null,
      headers: { Cookie: `matchday_session=${sessionId}` },
    });
    expect(reused.body.authenticated).toBe(false);
  });

  it('is Secure when served over https (behind a local TLS proxy)', async () => {
    const browser = new Browser(server);
    const res = await signInOnLan(browser, ALICE, reds, { 'X-Forwarded-Proto': 'https' });
    expect(setCookieFor(res, 'matchday_session')).toMatch(/Secure/i);
  });
});

describe('CSRF', () => {
  it('refuses changes carrying a session cookie unless they come from the app itself', async () => {
    const admin = await adminBrowser();
    for (const origin of ['http://evil.example', null, 'null']) {
      const res = await admin.request('POST', '/api/teams', { body: { name: 'Forged' }, origin });
      expect(res.status, String(origin)).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    const player = new Browser(server);
    await signInOnLan(player, ALICE, reds);
    expect(
      (
        await player.request('PUT', '/api/players/me/chat-id', {
          body: { chatId: 'x' },
          origin: 'http://evil.example',
        })
      ).status,
    ).toBe(403);
    expect((await player.request('POST', '/api/auth/logout', { origin: 'http://evil.example' })).status).toBe(
      403,
    );
    // Same origin, and a Referer from the app when a browser sends no Origin, are fine.
    expect((await admin.request('POST', '/api/teams', { body: { name: 'Real' } })).status).toBe(201);
    expect(
      (
        await admin.request('POST', '/api/teams', {
          body: { name: 'Real 2' },
          origin: null,
          headers: { Referer: `${server.url}/admin/teams` },
        })
      ).status,
    ).toBe(201);
    // API tokens are not ambient credentials: no Origin needed.
    expect((await server.request('POST', '/api/teams', { body: { name: 'Script' } })).status).toBe(201);
  });
});
