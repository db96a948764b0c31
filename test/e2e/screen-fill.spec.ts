import type { Page } from '@playwright/test';
import { adminApi, expect, failOnConsoleErrors, test } from './matchday.js';
import { serverAndTeams, stopFakes } from './fake-lan.js';

test.afterEach(stopFakes);

const SCREENS = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
] as const;

/** `count` teams "Team 01".. and a started tournament of the given settings. */
async function startCup(url: string, count: number, tournament: Record<string, unknown>): Promise<void> {
  const teamIds: string[] = [];
  for (let i = 1; i <= count; i++) {
    const { team } = await adminApi(url, 'POST', '/api/teams', {
      name: `Team ${String(i).padStart(2, '0')}`,
      tag: `T${i}`,
    });
    teamIds.push(team.id);
  }
  await adminApi(url, 'POST', '/api/tournament', { name: 'Hall Cup', format: 'bo1', teamIds, ...tournament });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
}

/**
 * At each screen size, the pinned panel spans at least 90 % of the screen's width or height, clear of
 * the join corner, and nothing scrolls. (The tests' server listens on loopback, so the corner shows the
 * "not on the LAN" note where a LAN address would show its QR code; it takes the same corner.)
 */
async function expectFills(page: Page, url: string, panel: string, name: string): Promise<void> {
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await page.goto(`${url}/screen?panel=${panel}`);
    await expect(page.locator('.screen')).toHaveAttribute('data-view', panel);
    const qr = page.locator('.screen-join');
    await expect(qr).toBeVisible();
    const fit = page.locator('.screen-fit');
    // The panel is measured and scaled after it renders: wait until it spans the screen.
    await expect
      .poll(
        async () => {
          const box = (await fit.boundingBox())!;
          return Math.max(box.width / screen.width, box.height / screen.height);
        },
        { message: `the ${panel} panel of ${name} spanning ${screen.width}x${screen.height}` },
      )
      .toBeGreaterThanOrEqual(0.9);
    const panelBox = (await fit.boundingBox())!;
    const qrBox = (await qr.boundingBox())!;
    const overlaps =
      panelBox.x < qrBox.x + qrBox.width &&
      qrBox.x < panelBox.x + panelBox.width &&
      panelBox.y < qrBox.y + qrBox.height &&
      qrBox.y < panelBox.y + panelBox.height;
    expect(overlaps, `the ${panel} panel of ${name} clear of the join corner`).toBe(false);
    const scroll = await page.evaluate(() => ({
      width: document.scrollingElement!.scrollWidth,
      height: document.scrollingElement!.scrollHeight,
    }));
    expect(scroll.width).toBeLessThanOrEqual(screen.width);
    expect(scroll.height).toBeLessThanOrEqual(screen.height);
    await page.screenshot({ path: `test-results/screen-fill/${name}-${panel}-${screen.height}p.png` });
  }
}

for (const { name, count, type } of [
  { name: 'se4', count: 4, type: 'single_elimination' },
  { name: 'se8', count: 8, type: 'single_elimination' },
  { name: 'de32', count: 32, type: 'double_elimination' },
] as const) {
  test(`the bracket of a ${count}-team ${type} fills the projector at 720p, 1080p and 4K`, async ({
    page,
    matchday,
  }) => {
    failOnConsoleErrors(page);
    await startCup(matchday.localUrl, count, { type, settings: { veto: false } });
    await expectFills(page, matchday.localUrl, 'bracket', name);
    if (name === 'se8') {
      await expectFills(page, matchday.localUrl, 'next', name);
      await expect(page.locator('.screen-next li')).toHaveCount(4);
    }
  });
}

test('sixteen teams in four groups are laid side by side over the whole projector', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  await startCup(matchday.localUrl, 16, {
    type: 'groups_playoffs',
    settings: { veto: false },
    stages: [
      { kind: 'groups', type: 'round_robin', groupCount: 4, advancePerGroup: 2 },
      { kind: 'playoffs', type: 'single_elimination' },
    ],
  });
  for (const panel of ['bracket', 'standings']) {
    await expectFills(page, matchday.localUrl, panel, 'groups16');
    // Side by side on a wide screen (a row of four, or two by two), not one column.
    const lefts = await page
      .locator('.screen .group')
      .evaluateAll((groups) => groups.map((g) => Math.round(g.getBoundingClientRect().left)));
    expect(lefts).toHaveLength(4);
    expect(new Set(lefts).size, `the groups of the ${panel} panel in columns`).toBeGreaterThanOrEqual(2);
  }
});

test('with nothing waiting, the next-matches panel shows the live match and its server', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await serverAndTeams(url);
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Final',
    type: 'single_elimination',
    format: 'bo1',
    teamIds: ['alpha', 'bravo'],
    settings: { veto: false, teamSize: 2 },
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
  await page.setViewportSize(SCREENS[1]);
  await page.goto(`${url}/screen?panel=next`);
  await expect(page.getByText('Nothing is waiting. Playing now:')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.screen-next li')).toHaveCount(1);
  await expect(page.locator('.screen-next li')).toContainText(/Alpha \d+ : \d+ Bravo/);
  await expect(page.locator('.screen-next li')).toContainText('on lan-1');
  await page.goto(`${url}/screen?panel=next&lang=de`);
  await expect(page.getByText('Kein Match wartet. Gerade laufen:')).toBeVisible();
  await expect(page.locator('.screen-next li')).toContainText('auf lan-1');
  await expectFills(page, url, 'next', 'final');
  await expectFills(page, url, 'live', 'final');
});
