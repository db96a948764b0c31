import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
// The built server (`npm test` builds before Playwright runs).
import { loadConfig } from '../../out/server/config.js';
import { startServer, type RunningServer } from '../../out/server/index.js';

export const ADMIN_TOKEN = 'e2e-admin-token-0123456789';

/** A JSON call to the Matchday at `url` with the admin token; the test fails on a refusal. */
export async function adminApi(url: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // Tests read arbitrary JSON shapes from it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const json = (await res.json()) as any;
  expect(res.ok, `${method} ${path}: ${JSON.stringify(json)}`).toBe(true);
  return json;
}

interface MatchdayFixtures {
  /** Variables of the test's Matchday on top of the defaults (`test.use({ matchdayEnv: { ... } })`). */
  matchdayEnv: Record<string, string>;
  matchday: RunningServer;
  /** Signs the page in as admin through a one-time admin link. */
  signInAsAdmin: (page: Page) => Promise<void>;
}

/** A real Matchday on 127.0.0.1 with its own data folder, for each test. */
export const test = base.extend<MatchdayFixtures>({
  // It depends on the test's browser context so that it stops after the pages are closed: an open page
  // would otherwise try to reconnect its live stream to a stopped server and log the refusal.
  matchdayEnv: [{}, { option: true }],
  matchday: async ({ context, matchdayEnv }, use) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-e2e-'));
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MATCHDAY_DATA_DIR: dataDir,
      API_TOKENS: `e2e:${ADMIN_TOKEN}`,
      LOG_LEVEL: 'warn',
      // No internet here: the workshop lookup meets a closed loopback port, as at a LAN party.
      WORKSHOP_LOOKUP_URL: 'http://127.0.0.1:1/',
      ...matchdayEnv,
    });
    const running = await startServer({ config });
    await use(running);
    await context.close();
    await running.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
  signInAsAdmin: async ({ matchday }, use) => {
    await use(async (page) => {
      const token = await matchday.app.services.auth.createAdminLinkToken();
      await page.goto(`${matchday.localUrl}/api/auth/admin-link/${token}`);
      await expect(page).toHaveURL(/\/admin$/);
    });
  },
});

/**
 * Chromium logs every 4xx answer (and the 503 OFFLINE of a lookup without internet); an API refusal
 * the page shows to the user is not an app error.
 */
const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of (4\d\d|503)/;

/** Fails the test on any console error (other than a shown API refusal) or uncaught page error. */
export function failOnConsoleErrors(page: Page): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED_REFUSAL.test(message.text())) {
      throw new Error(`Browser console error: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => {
    throw error;
  });
}

/** Opens every page of `page` in German, as a browser that chose it in the language switcher. */
export async function inGerman(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('matchday.lang', 'de'));
}

/** The page is no wider than the viewport: nothing sticks out sideways (long German words included). */
export async function noHorizontalOverflow(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * A screenshot a person looks at: into `docs/screenshots/<name>.png` when `npm run screenshots` asks for them
 * (MATCHDAY_SCREENSHOTS=1), else into the test's output folder, so a test run leaves tracked files alone.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean; omitBackground?: boolean } = {},
): Promise<void> {
  const dir = process.env.MATCHDAY_SCREENSHOTS === '1' ? 'docs/screenshots' : test.info().outputPath();
  await page.screenshot({ ...options, path: path.join(dir, `${name}.png`) });
}

export { expect };
