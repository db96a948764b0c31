import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Browser, setCookieFor } from '../helpers/browser.js';
import { cookieValues, expectNoSecretsInLogs } from '../helpers/secret-scan.js';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';

const ALICE = '76561198000000001';
const BOB = '76561198000000002';
const CAROL = '76561198000000003';
const START = 1_800_000_000;

let server: TestServer;
let clock: { t: number; now(): number };
let reds: string;
let blues: string;

beforeEach(async () => {
  clock = { t: START, now: () => clock.t };
  server = await startTestServer({ clock, env: { ADMIN_PLATFORM_IDS: CAROL } });
  reds = (
    await server.request('POST', '/api/teams', {
      body: {
        name: 'Reds',
        tag: 'RED',
        players: [
          { platformId: ALICE, name: 'alice' },
          { platformId: CAROL, name: 'carol' },
        ],
      },
    })
  ).body.team.id;
  blues = (
    await server.request('POST', '/api/teams', {
      body: { name: 'Blues', tag: 'BLU', players: [{ platformId: BOB, name: 'bob' }] },
    })
  ).body.team.id;
});
/** Join codes and passwords these tests typed: with the cookies, none may reach the log. */
const typedSecrets: string[] = [];
afterEach(async () => {
  await server.stop();
  expectNoSecretsInLogs(server.logs, [
    ...Object.values(TOKENS),
    ...typedSecrets,
    ...Browser.created.flatMap((b) => cookieValues(b.setCookieHeaders)),
  ]);
});

async function joinCode(teamId: string): Promise<string> {
  const code = (await server.request('GET', `/api/teams/${teamId}`)).body.team.joinCode;
  typedSecrets.push(code);
  return code;
}

async function signInOnLan(
  browser: Browser,
  platformId: string,
  teamId: string,
  headers?: Record<string, string>,
) {
  return browser.request('POST', '/api/auth/lan', {
    body: { platformId, teamCode: await joinCode(teamId) },
    headers,
  });
}

async function adminBrowser(): Promise<Browser> {
  const browser = new Browser(server);
  const link = server.running.app.services.auth.createAdminLinkToken();
  await browser.navigate(`${server.url}/api/auth/admin-link/${link}`);
  return browser;
}

describe('team join codes', () => {
  it('admin tokens and admin sessions see them; read-only tokens, players and the public do not', async () => {
    const code = await joinCode(reds);
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    const list = await server.request('GET', '/api/teams');
    expect(list.body.teams.map((t: { joinCode: string }) => t.joinCode).sort()).toEqual(
      [code, await joinCode(blues)].sort(),
    );
    expect((await (await adminBrowser()).request('GET', `/api/teams/${reds}`)).body.team.joinCode).toBe(code);
    expect(
      (await server.request('GET', `/api/teams/${reds}`, { token: 'readonly' })).body.team,
    ).not.toHaveProperty('joinCode');
    expect(
      (await server.request('GET', '/api/teams', { token: 'readonly' })).body.teams[0],
    ).not.toHaveProperty('joinCode');
    const roster = await server.request('GET', '/api/auth/lan/roster', { token: null });
    expect(roster.status).toBe(200);
    expect(roster.text).not.toContain(code);
    expect(roster.body.teams.find((t: { id: string }) => t.id === reds).players).toEqual([
      { platformId: ALICE, name: 'alice' },
      { platformId: CAROL, name: 'carol' },
    ]);
    const player = new Browser(server);
    await signInOnLan(player, ALICE, reds);
    expect((await player.request('GET', `/api/teams/${reds}`)).status).toBe(403);
  });

  it('regenerating a code makes the old one stop working at once', async () => {
    const old = await joinCode(reds);
    const res = await server.request('POST', `/api/teams/${reds}/join-code`);
    expect(res.status).toBe(200);
    expect(res.body.joinCode).not.toBe(old);
    const browser = new Browser(server);
    const refused = await browser.request('POST', '/api/auth/lan', {
      body: { platformId: ALICE, teamCode: old },
    });
    expect(refused.status).toBe(401);
    const ok = await browser.request('POST', '/api/auth/lan', {
      body: { platformId: ALICE, teamCode: res.body.joinCode },
    });
    expect(ok.status).toBe(200);
    expect((await server.request('POST', '/api/teams/nope/join-code')).status).toBe(404);
  });
});

describe('POST /api/auth/lan', () => {
  it('signs a roster player in with their team code: a player session in an HttpOnly, SameSite=Lax cookie', async () => {
    const browser = new Browser(server);
    const code = await joinCode(reds);
    // Typed as people type it: lower case, with a dash.
    const res = await browser.request('POST', '/api/auth/lan', {
      body: { platformId: ALICE, teamCode: `${code.slice(0, 3).toLowerCase()}-${code.slice(3)}` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      authenticated: true,
      role: 'player',
      platformId: ALICE,
      name: 'alice',
      signedInWith: 'lan',
      impersonating: false,
    });
    const cookie = setCookieFor(res, 'matchday_session')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await browser.request('GET', '/api/auth/admin/me')).body).toMatchObject({
      kind: 'session',
      role: 'player',
      platformId: ALICE,
      can: [],
    });
    // A player session is no admin.
    expect((await browser.request('POST', '/api/teams', { body: { name: 'x' } })).status).toBe(403);
  });

  it("refuses a wrong code, another team's code and a player on no roster with 401 BAD_TEAM_CODE", async () => {
    const browser = new Browser(server);
    for (const body of [
      { platformId: ALICE, teamCode: 'WRONG1' },
      { platformId: ALICE, teamCode: await joinCode(blues) },
      { platformId: '76561198000000099', teamCode: await joinCode(reds) },
    ]) {
      const res = await browser.request('POST', '/api/auth/lan', { body });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('BAD_TEAM_CODE');
      expect(setCookieFor(res, 'matchday_session')).toBeUndefined();
    }
    expect(
      (await browser.request('POST', '/api/auth/lan', { body: { platformId: 'x', teamCode: 'y' } })).status,
    ).toBe(400);
  });

  it('a proven admin id signed in with a team code is only a player: the code proves no identity', async () => {
    const browser = new Browser(server);
    expect((await signInOnLan(browser, CAROL, reds)).body.role).toBe('player');
  });

  it('rate-limits wrong codes per address; right codes do not count; the limit lifts after the window', async () => {
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const browser = new Browser(server);
    const wrong = () =>
      browser.request('POST', '/api/auth/lan', {
        body: { platformId: ALICE, teamCode: 'WRONG1' },
        headers: from('10.0.0.7'),
      });
    for (let i = 0; i < 9; i++) {
      expect((await wrong()).status).toBe(401);
    }
    // Successful sign-ins in between are not failures.
    for (let i = 0; i < 3; i++) {
      expect((await signInOnLan(browser, ALICE, reds, from('10.0.0.7'))).status).toBe(200);
    }
    expect((await wrong()).status).toBe(401);
    const limited = await signInOnLan(browser, ALICE, reds, from('10.0.0.7'));
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await signInOnLan(browser, ALICE, reds, from('10.0.0.8'))).status).toBe(200);
    clock.t += 601;
    expect((await signInOnLan(browser, ALICE, reds, from('10.0.0.7'))).status).toBe(200);
  });

  it('refuses a sign-in form posted from another site (login CSRF)', async () => {
    const browser = new Browser(server);
    const res = await browser.request('POST', '/api/auth/lan', {
      body: { platformId: ALICE, teamCode: await joinCode(reds) },
      origin: 'http://evil.example',
    });
    expect(res.status).toBe(403);
    expect(browser.cookies.size).toBe(0);
  });
});

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
    const link = server.running.app.services.auth.createAdminLinkToken();
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
