import { afterEach, beforeEach } from 'vitest';
import { Browser } from './browser.js';
import { cookieValues, expectNoSecretsInLogs } from './secret-scan.js';
import { startTestServer, TOKENS, type TestServer } from './server.js';

export const ALICE = '76561198000000001';
export const BOB = '76561198000000002';
export const CAROL = '76561198000000003';
const START = 1_800_000_000;

// Set by the hooks of useSignInServer(); importers read them as live bindings.
export let server: TestServer;
export let clock: { t: number; now(): number };
export let reds: string;
export let blues: string;

/** Join codes and passwords these tests typed: with the cookies, none may reach the log. */
export const typedSecrets: string[] = [];

export async function joinCode(teamId: string): Promise<string> {
  const code = (await server.request('GET', `/api/teams/${teamId}`)).body.team.joinCode;
  typedSecrets.push(code);
  return code;
}

export async function signInOnLan(
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

export async function adminBrowser(): Promise<Browser> {
  const browser = new Browser(server);
  const link = await server.running.app.services.auth.createAdminLinkToken();
  await browser.navigate(`${server.url}/api/auth/admin-link/${link}`);
  return browser;
}

/**
 * A fresh app for each test of the calling file, with two teams and a clock the test moves; after
 * each test no typed secret or cookie may be in its log. Call it once at the top level.
 */
export function useSignInServer(): void {
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
  afterEach(async () => {
    await server.stop();
    expectNoSecretsInLogs(server.logs, [
      ...Object.values(TOKENS),
      ...typedSecrets,
      ...Browser.created.flatMap((b) => cookieValues(b.setCookieHeaders)),
    ]);
  });
}
