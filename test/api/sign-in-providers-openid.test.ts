import { describe, expect, it } from 'vitest';
import { Browser } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { FakeOAuthProvider } from '../fakes/identity/oauth-provider.js';
import { FakeOpenIdProvider } from '../fakes/identity/openid2-provider.js';
import {
  ALICE,
  ADMIN,
  SECRETS,
  server,
  steam,
  newBrowser,
  signIn,
  errorOf,
  me,
  useSignInProviders,
} from '../helpers/sign-in-providers.js';

useSignInProviders();

describe('GET /api/auth/providers', () => {
  it('lists the enabled providers and whether an admin password is set', async () => {
    const res = await server.request('GET', '/api/auth/providers', { token: null });
    expect(res.body).toEqual({
      success: true,
      providers: [
        { id: 'steam', name: 'Steam', startUrl: '/api/auth/steam' },
        { id: 'discord', name: 'Discord', startUrl: '/api/auth/discord' },
        { id: 'github', name: 'GitHub', startUrl: '/api/auth/github' },
        { id: 'oidc', name: 'LAN party accounts', startUrl: '/api/auth/oidc' },
      ],
      lan: true,
      adminPassword: false,
    });
  });
});

describe('game-platform OpenID 2.0', () => {
  it('signs a player in: the provider confirms the signature, the 17-digit id is taken from the claimed id', async () => {
    const browser = newBrowser();
    steam.nextPlatformId = ALICE;
    const checks = steam.checks;
    const { start, final } = await signIn(browser, 'steam');
    expect(start.location.startsWith(steam.endpoint)).toBe(true);
    const asked = new URL(start.location).searchParams;
    expect(asked.get('openid.return_to')).toMatch(
      new RegExp(`^${server.url}/api/auth/steam/callback\\?state=`),
    );
    expect(asked.get('openid.realm')).toBe(server.url);
    expect(final.location).toBe(`${server.url}/me`);
    expect(steam.checks).toBe(checks + 1);
    expect(await me(browser)).toMatchObject({
      role: 'player',
      platformId: ALICE,
      name: 'alice',
      signedInWith: 'steam',
    });
    expect(browser.cookies.has('matchday_link')).toBe(false);
  });

  it('makes an ADMIN_PLATFORM_IDS id an admin and honours a local returnTo only', async () => {
    steam.nextPlatformId = ADMIN;
    const browser = newBrowser();
    const { final } = await signIn(browser, 'steam', '?returnTo=/veto/abc');
    expect(final.location).toBe(`${server.url}/veto/abc`);
    expect(await me(browser)).toMatchObject({ role: 'admin', platformId: ADMIN });
    const other = newBrowser();
    expect((await signIn(other, 'steam', '?returnTo=//evil.example/x')).final.location).toBe(
      `${server.url}/admin`,
    );
  });

  it('refuses an assertion whose claimed id was changed (the provider does not confirm the signature)', async () => {
    steam.nextPlatformId = ALICE;
    const browser = newBrowser();
    const start = await browser.navigate(`${server.url}/api/auth/steam`);
    const atProvider = await browser.navigate(start.location);
    const forged = atProvider.location.replaceAll(ALICE, ADMIN);
    const final = await browser.navigate(forged);
    expect(errorOf(final.location)).toBe('bad-signature');
    expect((await me(browser)).authenticated).toBe(false);
  });

  it('refuses a replayed answer and a stale nonce', async () => {
    steam.nextPlatformId = ALICE;
    const browser = newBrowser();
    const start = await browser.navigate(`${server.url}/api/auth/steam`);
    const linkCookie = browser.cookies.get('matchday_link')!;
    const atProvider = await browser.navigate(start.location);
    expect(errorOf((await browser.navigate(atProvider.location)).location)).toBeNull();
    // The same answer again, with the link cookie it came with.
    const replay = newBrowser();
    replay.cookies.set('matchday_link', linkCookie);
    expect(errorOf((await replay.navigate(atProvider.location)).location)).toBe('replayed');

    steam.nextPlatformId = ALICE;
    steam.nonceAgeSeconds = 600;
    try {
      expect(errorOf((await signIn(newBrowser(), 'steam')).final.location)).toBe('replayed');
    } finally {
      steam.nonceAgeSeconds = 0;
    }
  });

  it('refuses a wrong state, a callback in another browser, and a forged link cookie', async () => {
    const browser = newBrowser();
    const start = await browser.navigate(`${server.url}/api/auth/steam`);
    const atProvider = await browser.navigate(start.location);
    const wrongState = new URL(atProvider.location);
    wrongState.searchParams.set('state', 'not-the-state-we-sent');
    expect(errorOf((await browser.navigate(wrongState.href)).location)).toBe('bad-state');
    expect(errorOf((await newBrowser().navigate(atProvider.location)).location)).toBe('bad-state');
    const forger = newBrowser();
    const [payload, mac] = browser.cookies.get('matchday_link')?.split('.') ?? ['', ''];
    forger.cookies.set('matchday_link', `${payload}x.${mac}`);
    expect(errorOf((await forger.navigate(atProvider.location)).location)).toBe('bad-state');
  });

  it('says so when the person cancels', async () => {
    steam.cancel = true;
    try {
      expect(errorOf((await signIn(newBrowser(), 'steam')).final.location)).toBe('denied');
    } finally {
      steam.cancel = false;
    }
  });
});

describe('unreachable providers (no internet on the LAN)', () => {
  it('answers with a clear message at the start and at the callback', async () => {
    const offline = new FakeOpenIdProvider();
    await offline.start();
    const offlineServer = await startTestServer({ identityEndpoints: { steam: offline.endpoint } });
    try {
      const browser = new Browser(offlineServer);
      const start = await browser.navigate(`${offlineServer.url}/api/auth/steam`);
      const atProvider = await browser.navigate(start.location);
      await offline.stop();
      // The answer came back, but the provider cannot confirm it now.
      expect(errorOf((await browser.navigate(atProvider.location)).location)).toBe('provider-unreachable');
      const fresh = new Browser(offlineServer);
      expect(errorOf((await fresh.navigate(`${offlineServer.url}/api/auth/steam`)).location)).toBe(
        'provider-unreachable',
      );
      expect(offlineServer.logs.join('\n')).toContain('sign-in failed');
    } finally {
      await offlineServer.stop();
    }
  });

  it('OpenID Connect: discovery failing sends the browser to the sign-in page with the reason', async () => {
    const gone = new FakeOAuthProvider('oidc', 'oidc-client', SECRETS.oidc);
    await gone.start();
    const offlineServer = await startTestServer();
    try {
      await offlineServer.request('PUT', '/api/settings', {
        body: {
          oidcSignIn: true,
          oidcIssuer: gone.issuer,
          oidcClientId: 'oidc-client',
          oidcClientSecret: SECRETS.oidc,
        },
      });
      await gone.stop();
      const res = await new Browser(offlineServer).navigate(`${offlineServer.url}/api/auth/oidc`);
      expect(errorOf(res.location)).toBe('provider-unreachable');
    } finally {
      await offlineServer.stop();
    }
  });
});
