import { describe, expect, it } from 'vitest';
import { expectNoSecretsInLogs } from '../helpers/secret-scan.js';
import { waitFor } from '../helpers/wait.js';
import {
  ALICE,
  ADMIN,
  server,
  steam,
  discord,
  github,
  oidc,
  aliceCode,
  newBrowser,
  signIn,
  errorOf,
  me,
  issuedSecrets,
  useSignInProviders,
} from '../helpers/sign-in-providers.js';

useSignInProviders();

describe('chat platform OAuth2', () => {
  it('an account linked to no player cannot sign in', async () => {
    discord.nextUser = { id: '111111111111111111' };
    expect(errorOf((await signIn(newBrowser(), 'discord')).final.location)).toBe('not-linked');
  });

  it('a player links the account on their profile, then signs in with it', async () => {
    const player = newBrowser();
    await player.request('POST', '/api/auth/lan', { body: { platformId: ALICE, teamCode: aliceCode } });
    discord.nextUser = { id: '222222222222222222' };
    const linked = await signIn(player, 'discord', '?link=1');
    expect(linked.start.location.startsWith(discord.endpoints.authorize)).toBe(true);
    const asked = new URL(linked.start.location).searchParams;
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('state')).toBeTruthy();
    expect(linked.final.location).toBe(`${server.url}/me`);

    const elsewhere = newBrowser();
    const { final } = await signIn(elsewhere, 'discord');
    expect(final.location).toBe(`${server.url}/me`);
    expect(await me(elsewhere)).toMatchObject({ platformId: ALICE, signedInWith: 'discord', role: 'player' });
  });

  it('a chat id already on exactly one player signs that player in, never as an admin', async () => {
    await server.request('PUT', `/api/players/${ADMIN}`, { body: { chatId: '333333333333333333' } });
    discord.nextUser = { id: '333333333333333333' };
    const browser = newBrowser();
    await signIn(browser, 'discord');
    expect(await me(browser)).toMatchObject({ platformId: ADMIN, role: 'player' });
  });

  it('linking needs a player session', async () => {
    const res = await newBrowser().navigate(`${server.url}/api/auth/discord?link=1`);
    expect(res.status).toBe(401);
  });

  it('refuses a wrong state and reports a denial', async () => {
    const browser = newBrowser();
    const start = await browser.navigate(`${server.url}/api/auth/discord`);
    const atProvider = await browser.navigate(start.location);
    const wrong = new URL(atProvider.location);
    wrong.searchParams.set('state', 'forged');
    expect(errorOf((await browser.navigate(wrong.href)).location)).toBe('bad-state');
    discord.deny = true;
    try {
      expect(errorOf((await signIn(newBrowser(), 'discord')).final.location)).toBe('denied');
    } finally {
      discord.deny = false;
    }
  });

  it('a forged link cookie cannot link the account to somebody else', async () => {
    const player = newBrowser();
    await player.request('POST', '/api/auth/lan', { body: { platformId: ALICE, teamCode: aliceCode } });
    discord.nextUser = { id: '444444444444444444' };
    const start = await player.navigate(`${server.url}/api/auth/discord?link=1`);
    const [payload, mac] = player.cookies.get('matchday_link')!.split('.');
    const flow = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    flow.linkTo = { platformId: ADMIN, verified: true };
    player.cookies.set('matchday_link', `${Buffer.from(JSON.stringify(flow)).toString('base64url')}.${mac}`);
    const atProvider = await player.navigate(start.location);
    expect(errorOf((await player.navigate(atProvider.location)).location)).toBe('bad-state');
    expect(errorOf((await signIn(newBrowser(), 'discord')).final.location)).toBe('not-linked');
  });
});

describe('code host OAuth2', () => {
  it('links and signs in; a bad code (answered with 200 and an error) is refused', async () => {
    const player = newBrowser();
    await player.request('POST', '/api/auth/lan', { body: { platformId: ALICE, teamCode: aliceCode } });
    github.nextUser = { id: '583231' };
    expect((await signIn(player, 'github', '?link=1')).final.location).toBe(`${server.url}/me`);
    const browser = newBrowser();
    await signIn(browser, 'github');
    expect(await me(browser)).toMatchObject({ platformId: ALICE, signedInWith: 'github' });

    const other = newBrowser();
    const start = await other.navigate(`${server.url}/api/auth/github`);
    const atProvider = new URL((await other.navigate(start.location)).location);
    atProvider.searchParams.set('code', 'not-a-code-it-issued');
    expect(errorOf((await other.navigate(atProvider.href)).location)).toBe('provider-error');
  });
});

describe('OpenID Connect', () => {
  it('signs in by the platform id claim of a verified ID token; a listed admin id is admin', async () => {
    oidc.nextUser = { id: 'subject-1', platformId: ADMIN };
    const browser = newBrowser();
    const { start, final } = await signIn(browser, 'oidc');
    const asked = new URL(start.location).searchParams;
    expect(asked.get('nonce')).toBeTruthy();
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(final.location).toBe(`${server.url}/admin`);
    expect(await me(browser)).toMatchObject({ role: 'admin', platformId: ADMIN, signedInWith: 'oidc' });
  });

  it('refuses an ID token signed with a key the provider does not publish', async () => {
    oidc.nextUser = { id: 'subject-2', platformId: ALICE };
    oidc.signWithWrongKey = true;
    try {
      const browser = newBrowser();
      expect(errorOf((await signIn(browser, 'oidc')).final.location)).toBe('bad-signature');
      expect((await me(browser)).authenticated).toBe(false);
    } finally {
      oidc.signWithWrongKey = false;
    }
  });

  it('refuses a wrong state and a replayed callback', async () => {
    oidc.nextUser = { id: 'subject-3', platformId: ALICE };
    const browser = newBrowser();
    const start = await browser.navigate(`${server.url}/api/auth/oidc`);
    const linkCookie = browser.cookies.get('matchday_link')!;
    const atProvider = await browser.navigate(start.location);
    const wrong = new URL(atProvider.location);
    wrong.searchParams.set('state', 'forged');
    expect(errorOf((await browser.navigate(wrong.href)).location)).toBe('bad-state');
    // The browser's link cookie was cleared by the refused callback; the real one completes once.
    const first = newBrowser();
    first.cookies.set('matchday_link', linkCookie);
    expect(errorOf((await first.navigate(atProvider.location)).location)).toBeNull();
    expect((await me(first)).platformId).toBe(ALICE);
    const replay = newBrowser();
    replay.cookies.set('matchday_link', linkCookie);
    expect(errorOf((await replay.navigate(atProvider.location)).location)).toBe('replayed');
  });
});

describe('providers turned off', () => {
  it('answer 404 PROVIDER_NOT_CONFIGURED at the start and the callback', async () => {
    await server.request('PUT', '/api/settings', { body: { githubSignIn: false, steamSignIn: false } });
    try {
      for (const path of ['/api/auth/github', '/api/auth/steam/callback']) {
        const res = await server.request('GET', path, { token: null });
        expect(res.status, path).toBe(404);
        expect(res.body.code).toBe('PROVIDER_NOT_CONFIGURED');
      }
    } finally {
      await server.request('PUT', '/api/settings', { body: { githubSignIn: true, steamSignIn: true } });
    }
  });
});

// The whole log of this run: its own sign-ins and those of every test that ran before it.

describe('secret hygiene', () => {
  it('no token, password, cookie, code, signature or client secret in any log line', async () => {
    steam.nextPlatformId = ALICE;
    oidc.nextUser = { id: 'subject-hygiene', platformId: ADMIN };
    expect((await signIn(newBrowser(), 'steam')).final.location).toBe(`${server.url}/me`);
    expect((await signIn(newBrowser(), 'oidc')).final.location).toBe(`${server.url}/admin`);
    await waitFor(() => server.logs.filter((line) => line.includes('signed in')).length >= 2, {
      message: 'two sign-ins in the log',
    });
    expectNoSecretsInLogs(server.logs, issuedSecrets());
  });
});
