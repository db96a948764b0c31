import { afterAll, beforeAll, expect } from 'vitest';
import { Browser } from './browser.js';
import { cookieValues, expectNoSecretsInLogs } from './secret-scan.js';
import { startTestServer, TOKENS, type TestServer } from './server.js';
import { FakeOAuthProvider } from '../fakes/identity/oauth-provider.js';
import { FakeOpenIdProvider } from '../fakes/identity/openid2-provider.js';

export const ALICE = '76561198000000001';
export const ADMIN = '76561198000000042';
export const SECRETS = {
  discord: 'discord-client-secret-123',
  github: 'github-client-secret-123',
  oidc: 'oidc-client-secret-1234',
};

// Set by the hooks of useSignInProviders(); importers read them as live bindings.
export let server: TestServer;
export const steam = new FakeOpenIdProvider();
export const discord = new FakeOAuthProvider('discord', 'discord-client', SECRETS.discord);
export const github = new FakeOAuthProvider('github', 'github-client', SECRETS.github);
export const oidc = new FakeOAuthProvider('oidc', 'oidc-client', SECRETS.oidc);
const browsers: Browser[] = [];
export let aliceCode: string;

export function newBrowser(): Browser {
  const browser = new Browser(server);
  browsers.push(browser);
  return browser;
}

/** Start at Matchday, get sent to the provider, come back: the three hops a browser makes. */
export async function signIn(browser: Browser, provider: string, query = '') {
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

export const errorOf = (location: string) => {
  const url = new URL(location);
  return url.pathname === '/signin' ? url.searchParams.get('error') : null;
};

export async function me(browser: Browser) {
  return (await browser.request('GET', '/api/auth/me')).body;
}

/** Every secret the app, the providers and the browsers handed out so far: none may reach a log line. */
export function issuedSecrets(): string[] {
  return [
    ...Object.values(TOKENS),
    ...Object.values(SECRETS),
    aliceCode,
    ...browsers.flatMap((b) => cookieValues(b.setCookieHeaders)),
    ...steam.issued,
    ...discord.issued,
    ...github.issued,
    ...oidc.issued,
  ];
}

/**
 * One app and the fake identity providers for the calling test file, with every provider turned on;
 * after the file's tests no secret may be in the app's log. Call it once at the top level.
 */
export function useSignInProviders(): void {
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
    expectNoSecretsInLogs(server.logs, issuedSecrets());
    await server.stop();
    await Promise.all([steam.stop(), discord.stop(), github.stop(), oidc.stop()]);
  });
}
