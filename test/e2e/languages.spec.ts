import type { Page } from '@playwright/test';
import { adminApi, expect, failOnConsoleErrors, test } from './matchday.js';

/**
 * Every page of the web app in both languages at a phone's and a projector's width (API.md decision 51):
 * `<html lang>` follows the language, nothing overflows the page sideways, and the German pages carry no
 * English sentence left behind.
 */

const pid = (team: number, i: number) => String(76561198000000000n + BigInt(team * 10 + i));
/** A phone, a laptop and a 1080p projector. */
const SIZES = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

interface Fixture {
  matchSlug: string;
  teamId: string;
  platformId: string;
  serverId: string;
}

/** A started groups-then-playoffs event of four teams with one match decided and one server. */
async function setUp(url: string): Promise<Fixture> {
  const teamIds: string[] = [];
  for (const team of [1, 2, 3, 4]) {
    const players = [1, 2].map((i) => ({ platformId: pid(team, i), name: `player-${team}-${i}` }));
    const { team: created } = await adminApi(url, 'POST', '/api/teams', {
      name: `Squad ${team}`,
      tag: `SQ${team}`,
      players,
    });
    teamIds.push(created.id);
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Winter LAN',
    type: 'groups_playoffs',
    format: 'bo1',
    teamIds,
    settings: { veto: false },
    stages: [
      { kind: 'groups', type: 'round_robin', groupCount: 2, advancePerGroup: 1 },
      { kind: 'playoffs', type: 'single_elimination', format: 'bo3' },
    ],
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
  await adminApi(url, 'POST', '/api/servers', {
    id: 'lan-1',
    name: 'LAN 1',
    host: '127.0.0.1',
    port: 9,
    rconPassword: 'rcon-password-languages',
  });
  const { matches } = await adminApi(url, 'GET', '/api/matches');
  const decided = matches[0];
  await adminApi(url, 'POST', `/api/matches/${decided.slug}/winner`, { winner: 'team1' });
  return { matchSlug: decided.slug, teamId: teamIds[0]!, platformId: pid(1, 1), serverId: 'lan-1' };
}

const publicPaths = (f: Fixture) => [
  '/',
  '/bracket',
  '/groups',
  '/standings',
  '/leaderboard',
  '/stats',
  '/check-in',
  `/matches/${encodeURIComponent(f.matchSlug)}`,
  `/teams/${f.teamId}`,
  `/players/${f.platformId}`,
  `/veto/${encodeURIComponent(f.matchSlug)}`,
  '/me',
  '/signin',
  '/screen',
  `/overlay/match/${encodeURIComponent(f.matchSlug)}`,
  `/overlay/server/${f.serverId}`,
];

const adminPaths = (f: Fixture) => [
  '/admin',
  '/admin/attention',
  '/admin/tournament',
  '/admin/teams',
  '/admin/players',
  '/admin/maps',
  '/admin/webhooks',
  '/admin/matches',
  `/admin/matches/${encodeURIComponent(f.matchSlug)}`,
  '/admin/check-in',
  '/admin/corrections',
  '/admin/servers',
  '/admin/settings',
  '/admin/tools',
  '/admin/backup',
];

/** English words that a German UI sentence never needs (data such as names is chosen to avoid them). */
const ENGLISH_LEFT_BEHIND = /\b(the|and|with|your|this|will|has|have|are|when|there|been|yet|no longer)\b/i;

/** The page's text once it has rendered and stopped changing (data and the live stream arrive after load). */
async function settledText(page: Page, path: string, url: string): Promise<string> {
  await page.goto(`${url}${path}`);
  await expect(page.locator('#root'), `${path} rendered`).not.toBeEmpty();
  await expect(page.locator('.spinner'), `${path} finished loading`).toHaveCount(0);
  let last = '';
  await expect
    .poll(
      async () => {
        const [before, now] = [last, await page.evaluate(() => document.body.innerText)];
        last = now;
        return now === before;
      },
      { message: `${path} text settles`, intervals: [250] },
    )
    .toBe(true);
  return last;
}

async function expectFitsWidth(page: Page, path: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth), {
      message: `${path} fits the width without scrolling sideways`,
    })
    .toBeLessThanOrEqual(0);
}

test('every page speaks English and German on a phone, a laptop and a 1080p projector', async ({
  browser,
  matchday,
  signInAsAdmin,
}) => {
  test.setTimeout(240_000);
  const url = matchday.localUrl;
  const fixture = await setUp(url);
  const texts: Record<string, Record<string, string>> = { en: {}, de: {} };

  for (const lang of ['en', 'de'] as const) {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addInitScript((chosen) => localStorage.setItem('matchday.lang', chosen), lang);
    const page = await context.newPage();
    failOnConsoleErrors(page);
    await signInAsAdmin(page);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const path of [...publicPaths(fixture), ...adminPaths(fixture)]) {
        const text = await settledText(page, path, url);
        await expect(page.locator('html'), `${path} <html lang>`).toHaveAttribute('lang', lang);
        if (!path.startsWith('/screen') && !path.startsWith('/overlay')) {
          await expectFitsWidth(page, path);
        }
        if (lang === 'de') {
          expect
            .soft(text, `${path} has no English sentence left (${size.width} px)`)
            .not.toMatch(ENGLISH_LEFT_BEHIND);
        }
        texts[lang]![`${path}@${size.width}`] = text;
      }
    }
    await context.close();
  }

  for (const [key, english] of Object.entries(texts.en!)) {
    expect(texts.de![key], `${key} differs between English and German`).not.toBe(english);
  }
});

test('the switcher changes the language at once and the browser remembers it', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  await page.goto(`${matchday.localUrl}/bracket`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Turnierbaum' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  expect(await page.evaluate(() => localStorage.getItem('matchday.lang'))).toBe('de');
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-AT' });
  test('gets German without choosing, by primary subtag', async ({ page, matchday }) => {
    failOnConsoleErrors(page);
    await page.goto(`${matchday.localUrl}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Rangliste' })).toBeVisible();
  });
});
