import type { Page } from '@playwright/test';
import type { Match } from '../../shared/contracts/matches.js';
import { adminApi, expect, failOnConsoleErrors, inGerman, saveScreenshot, test } from './matchday.js';

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1366, height: 768 };
const FULL_HD = { width: 1920, height: 1080 };

/** `count` teams "Team 01".., and their ids. */
async function addTeams(url: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const { team } = await adminApi(url, 'POST', '/api/teams', {
      name: `Team ${String(i).padStart(2, '0')}`,
      tag: `T${i}`,
      players: [{ platformId: String(76561198000000000n + BigInt(i)), name: `Player ${i}` }],
    });
    ids.push(team.id);
  }
  return ids;
}

async function startCup(url: string, count: number, tournament: Record<string, unknown>): Promise<void> {
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Label Cup',
    format: 'bo1',
    teamIds: await addTeams(url, count),
    ...tournament,
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
}

/** The bar's menu on a phone: folded, opened by its button, closed by Escape and by following a link. */
async function expectFoldingMenu(page: Page, navName: string, link: string, path: RegExp): Promise<void> {
  const nav = page.getByRole('navigation', { name: navName });
  const menu = page.getByRole('button', { name: /Menu/ });
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // The bar is one short line, not a quarter of the page.
  const bar = await page.locator('header.topbar').boundingBox();
  expect(bar!.height, 'the bar height on a phone').toBeLessThan(PHONE.height / 10);

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await nav.getByRole('link', { name: link, exact: true }).click();
  await expect(page).toHaveURL(path);
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
}

test('on a phone the public and console bars fold their links behind a menu; wide, the links show', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await page.setViewportSize(PHONE);
  await page.goto(url);
  await saveScreenshot(page, 'public-menu-closed-360');
  await expectFoldingMenu(page, 'Tournament pages', 'Bracket', /\/bracket$/);
  await page.getByRole('button', { name: /Menu/ }).click();
  await saveScreenshot(page, 'public-menu-open-360');

  await signInAsAdmin(page);
  await expectFoldingMenu(page, 'Admin sections', 'Matches', /\/admin\/matches$/);
  await page.getByRole('button', { name: /Menu/ }).click();
  await saveScreenshot(page, 'admin-menu-open-360', { fullPage: true });

  // Wide, the links are in the bar and no menu button is.
  for (const size of [LAPTOP, FULL_HD]) {
    await page.setViewportSize(size);
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Menu/ })).toBeHidden();
  }
});

test('the admin match list is a card per match on a phone and a table on a laptop', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const [team1, team2] = await addTeams(url, 2);
  await adminApi(url, 'POST', '/api/matches', {
    team1Id: team1,
    team2Id: team2,
    format: 'bo1',
    veto: false,
    maps: ['de_mirage'],
    label: 'Opening match',
  });
  await signInAsAdmin(page);
  await page.setViewportSize(PHONE);
  await page.goto(`${url}/admin/matches`);
  const cards = page.getByRole('list', { name: 'Matches in play order' });
  const card = cards.getByRole('listitem', { name: 'Opening match' });
  await expect(card.getByRole('link', { name: 'Opening match' })).toBeVisible();
  await expect(card).toContainText('Team 01 vs Team 02');
  await expect(card).toContainText('Waiting for a server');
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await saveScreenshot(page, 'admin-match-cards-360');

  await page.setViewportSize(LAPTOP);
  await expect(page.getByRole('table', { name: 'Matches in play order' })).toBeVisible();
  await expect(cards).toHaveCount(0);
});

test('Skip veto names the maps it plays before and after it is confirmed', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const [team1, team2] = await addTeams(url, 2);
  const { match } = (await adminApi(url, 'POST', '/api/matches', {
    team1Id: team1,
    team2Id: team2,
    format: 'bo1',
    veto: true,
  })) as { match: Match };
  const { maps } = (await adminApi(url, 'GET', '/api/maps')) as {
    maps: { id: string; displayName: string }[];
  };
  const first = maps.find((m) => m.id === match.mapPool[0])!.displayName;

  await signInAsAdmin(page);
  await page.goto(`${url}/admin/matches/${match.slug}`);
  await expect(page.getByText(`Skipping plays ${first} (the first maps of the pool)`)).toBeVisible();
  await page.getByRole('button', { name: 'Skip veto' }).click();
  await page.getByRole('button', { name: 'Confirm: skip veto' }).click();
  await expect(page.getByRole('status')).toContainText(
    `Veto skipped: playing ${first}, sides by knife round.`,
  );
  expect((await adminApi(url, 'GET', `/api/matches/${match.slug}`)).match.veto.status).toBe('skipped');
});

test('playoff cards are named as their round heading: "Semi-final 1" under "Semi-finals"', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await startCup(url, 8, { type: 'single_elimination' });
  await page.setViewportSize(FULL_HD);
  await page.goto(`${url}/bracket`);
  const bracket = page.getByTestId('bracket');
  await expect(bracket.getByRole('heading', { name: 'Semi-finals' })).toBeVisible();
  await expect(bracket.getByRole('link', { name: /^Quarter-final 4: / })).toBeVisible();
  await expect(bracket.getByRole('link', { name: /^Semi-final 2: / })).toContainText(
    'Winner of Quarter-final 3',
  );
  await expect(bracket.getByRole('link', { name: /^Final: / })).toContainText('Winner of Semi-final 1');
  await expect(bracket).not.toContainText(/\bR\d M\d\b/);
  await saveScreenshot(page, 'bracket-named-rounds-1080p');
});

test.describe('in German', () => {
  test('match labels, slots and the playoff rounds are German on the bracket and the console', async ({
    page,
    matchday,
    signInAsAdmin,
  }) => {
    failOnConsoleErrors(page);
    await inGerman(page);
    const url = matchday.localUrl;
    await startCup(url, 8, {
      type: 'groups_playoffs',
      settings: { veto: false },
      stages: [
        { kind: 'groups', type: 'round_robin', groupCount: 2, advancePerGroup: 2 },
        { kind: 'playoffs', type: 'single_elimination', format: 'bo3' },
      ],
    });
    await page.setViewportSize(FULL_HD);
    await page.goto(`${url}/bracket`);
    await expect(page.getByRole('link', { name: /^Gruppe A R1 S1: / })).toBeVisible();
    await page.getByRole('tab', { name: 'Playoffs' }).click();
    const bracket = page.getByTestId('bracket');
    await expect(bracket.getByRole('link', { name: /^Halbfinale 1: / })).toContainText('Gruppe A #1');
    await expect(bracket.getByRole('link', { name: /^Finale: / })).toContainText('Sieger Halbfinale 1');
    await saveScreenshot(page, 'bracket-playoffs-de-1080p');

    await signInAsAdmin(page);
    for (const [size, name] of [
      [LAPTOP, '1366'],
      [FULL_HD, '1080p'],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto(`${url}/admin/matches`);
      const table = page.getByRole('table', { name: 'Matches in Spielreihenfolge' });
      await expect(table.getByRole('row', { name: 'Gruppe B R1 S1' })).toBeVisible();
      await expect(table.getByRole('row', { name: 'Halbfinale 2' })).toContainText('Gruppe B #1');
      await expect(table.getByRole('row', { name: 'Finale', exact: true })).toContainText(
        'Sieger Halbfinale 1',
      );
      // The console's sections fit one row beside the name at a laptop's width, in German too.
      const links = page.getByRole('navigation', { name: 'Admin-Bereiche' }).getByRole('link');
      const tops = await links.evaluateAll((all) =>
        all.map((a) => Math.round(a.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size, `the console's sections in one row at ${name}`).toBe(1);
      await saveScreenshot(page, `admin-matches-de-${name}`);
    }
    await page.setViewportSize(PHONE);
    await page.goto(`${url}/admin/matches`);
    await expect(
      page
        .getByRole('list', { name: 'Matches in Spielreihenfolge' })
        .getByRole('listitem', { name: 'Finale', exact: true }),
    ).toContainText('Sieger Halbfinale 1');
    // The console's bar holds the bell too: the name stays whole, not "M…".
    const brand = page.locator('header.topbar .brand');
    await expect(brand).toHaveText('Matchday');
    const cut = await brand.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut, "the app's name cut short in the console's bar on a phone").toBe(false);
    await expect(page.getByRole('button', { name: 'Menü' })).toBeVisible();
    await saveScreenshot(page, 'admin-matches-de-360');
  });
});
