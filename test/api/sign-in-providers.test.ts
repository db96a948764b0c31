import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../helpers/browser.js';
import { cookieValues, expectNoSecretsInLogs } from '../helpers/secret-scan.js';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { FakeOAuthProvider } from '../fakes/identity/oauth-provider.js';
import { FakeOpenIdProvider } from '../fakes/identity/openid2-provider.js';

const ALICE = '76561198000000001';
const ADMIN = '76561198000000042';
const SECRETS = {
  discord: 'discord-client-secret-123',
  github: 'github-client-secret-123',
  oidc: 'oidc-client-secret-1234',
};

let server: TestServer;
const steam = new FakeOpenIdProvider();
const discord = new FakeOAuthProvider('discord', 'discord-client', SECRETS.discord);
const github = new FakeOAuthProvider('github', 'github-client', SECRETS.github);
const oidc = new FakeOAuthProvider('oidc', 'oidc-client', SECRETS.oidc);
const browsers: Browser[] = [];
let aliceCode: string;

beforeAll(async () => {
  await Promise.all([steam.start(), discord.start(), github.start(), oidc.start()]);
  server = await startTestServer({
    env: { ADMIN_PLATFORM_IDS: ADMIN },
    identityEndpoints: { steam: steam.endpoint, discord: discord.endpoints, github: github.endpoints },
  });
  const team = await server.request('POST', '/api/teams', {
    body: {
      name: 'Reds',
      players: [
        { platformId: ALICE, name: 'alice' },
        { platformId: ADMIN, name: 'boss' },
      ],
    },
  });
  aliceCode = (await server.request('GET', `/api/teams/${team.body.team.id}`)).body.team.joinCode;
  const settings = await server.request('PUT', '/api/settings', {
    body: {
      discordSignIn: true,
      discordClientId: 'discord-client',
      discordClientSecret: SECRETS.discord,
      githubSignIn: true,
      githubClientId: 'github-client',
      githubClientSecret: SECRETS.github,
      oidcSignIn: true,
      oidcIssuer: oidc.issuer,
      oidcClientId: 'oidc-client',
      oidcClientSecret: SECRETS.oidc,
      oidcName: 'LAN party accounts',
      oidcPlatformIdClaim: 'platform_id',
    },
  });
  expect(settings.status).toBe(200);
});
afterAll(async () => {
  await server.stop();
  await Promise.all([steam.stop(), discord.stop(), github.stop(), oidc.stop()]);
});

function newBrowser(): Browser {
  const browser = new Browser(server);
  browsers.push(browser);
  return browser;
}

/** Start at Matchday, get sent to the provider, come back: the three hops a browser makes. */
async function signIn(browser: Browser, provider: string, query = '') {
  const start = await browser.navigate(`${server.url}/api/auth/${provider}${query}`);
  expect(start.status, `start: ${start.location}`).toBe(302);
  if (start.location.startsWith(`${server.url}/signin`)) {
    return { start, callbackUrl: '', final: start };
  }
  const atProvider = await browser.navigate(start.location);
  expect(atProvider.status).toBe(302);
  const final = await browser.navigate(atProvider.location);
  return { start, callbackUrl: atProvider.location, final };
}

const errorOf = (location: string) => {
  const url = new URL(location);
  return url.pathname === '/signin' ? url.searchParams.get('error') : null;
};

async function me(browser: Browser) {
  return (await browser.request('GET', '/api/auth/me')).body;
}

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
    expectNoSecretsInLogs(server.logs, [
      ...Object.values(TOKENS),
      ...Object.values(SECRETS),
      aliceCode,
      ...browsers.flatMap((b) => cookieValues(b.setCookieHeaders)),
      ...steam.issued,
      ...discord.issued,
      ...github.issued,
      ...oidc.issued,
    ]);
  });
});
