import { describe, expect, it } from 'vitest';
import { Browser, setCookieFor } from '../helpers/browser.js';
import {
  ALICE,
  CAROL,
  server,
  clock,
  reds,
  blues,
  joinCode,
  signInOnLan,
  adminBrowser,
  useSignInServer,
} from '../helpers/sign-in-sessions.js';

useSignInServer();

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
