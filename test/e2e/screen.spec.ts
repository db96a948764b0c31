import type { Page } from '@playwright/test';
import { adminApi, expect, failOnConsoleErrors, saveScreenshot, test } from './matchday.js';

/** A started round robin of four teams: a bracket, standings and matches waiting to be played. */
async function roundRobin(url: string): Promise<void> {
  const teamIds: string[] = [];
  for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
    const { team } = await adminApi(url, 'POST', '/api/teams', { name, tag: name.slice(0, 3).toUpperCase() });
    teamIds.push(team.id);
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Winter LAN',
    type: 'round_robin',
    format: 'bo1',
    teamIds,
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
}

/** The projector never scrolls, in either direction. */
async function expectNoScrollbar(page: Page): Promise<void> {
  const size = await page.evaluate(() => ({
    height: document.scrollingElement!.scrollHeight,
    width: document.scrollingElement!.scrollWidth,
    innerHeight,
    innerWidth,
  }));
  expect(size.height).toBeLessThanOrEqual(size.innerHeight);
  expect(size.width).toBeLessThanOrEqual(size.innerWidth);
}

test('the projector fills 1080p and 720p without a scrollbar, pins a panel, and shows how to join', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await roundRobin(url);
  for (const [width, height] of [
    [1920, 1080],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const [panel, title] of [
      ['bracket', 'Bracket'],
      ['standings', 'Standings'],
      ['next', 'Next matches'],
      ['live', 'Live now'],
    ] as const) {
      await page.goto(`${url}/screen?panel=${panel}&period=5`);
      await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
      await expect(page.locator('.screen')).toHaveAttribute('data-view', panel);
      // The test server listens on loopback only: a QR of it would take every phone to itself.
      const join = page.getByRole('complementary', { name: 'Join' });
      await expect(join.getByRole('note')).toHaveText(
        'Players cannot join yet: Matchday listens on this machine only.',
      );
      await expect(join.getByRole('img')).toHaveCount(0);
      await expect(page.getByRole('button')).toHaveCount(0);
      await expectNoScrollbar(page);
      if (panel === 'next') {
        // Six pairings, each shown with where it stands in the queue (no ETA without a server).
        await expect(page.locator('.screen-next li')).toHaveCount(6);
        await expect(page.locator('.screen-next li').first()).toContainText(/vs/);
      }
      if (width === 1920 && panel !== 'live') {
        await page.screenshot({ path: `test-results/screen-${panel}-1080p.png` });
      }
    }
    // Pinned: it stays past the period.
    await page.waitForTimeout(5_500);
    await expect(page.locator('.screen')).toHaveAttribute('data-view', 'live');
  }
  await page.screenshot({ path: 'test-results/screen-live-720p.png' });
});

test('the projector cycles its panels at the chosen period, skipping those with nothing to show', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  await roundRobin(matchday.localUrl);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${matchday.localUrl}/screen?period=5&unknown=x`);
  const screen = page.locator('.screen');
  await expect(screen).toHaveAttribute('data-view', 'bracket');
  // Nothing is live: bracket, standings, next, and round again.
  await expect(page.getByRole('list', { name: 'Panels' })).toHaveText('BracketStandingsNext matches');
  await expect(screen).toHaveAttribute('data-view', 'standings', { timeout: 7_000 });
  await expect(screen).toHaveAttribute('data-view', 'next', { timeout: 7_000 });
  await expect(screen).toHaveAttribute('data-view', 'bracket', { timeout: 7_000 });
  await expectNoScrollbar(page);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${matchday.localUrl}/screen?panel=standings`);
  await expect(page.getByRole('heading', { name: 'Standings', level: 2 })).toBeVisible();
  await expectNoScrollbar(page);
  // Upright, the join note sits under the title in two lines or so, not a column of six beside it.
  const note = await page.getByRole('note').boundingBox();
  const title = await page.getByRole('heading', { name: 'Standings', level: 2 }).boundingBox();
  expect(note!.y, 'the join note below the panel name').toBeGreaterThan(title!.y + title!.height);
  expect(note!.height, 'the join note in a few lines').toBeLessThan(80);
  await page.screenshot({ path: 'test-results/screen-standings-360.png' });
});

test('?lang=de puts the projector in German, still without a scrollbar', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await roundRobin(url);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${url}/screen?lang=de`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('list', { name: 'Ansichten' })).toHaveText('TurnierbaumTabelleNächste Matches');
  await expect(page.getByRole('heading', { name: 'Turnierbaum', level: 2 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Mitmachen' }).getByRole('note')).toHaveText(
    'Beitreten geht noch nicht: Matchday hört nur auf diesem Rechner.',
  );
  await saveScreenshot(page, 'screen-bracket-de-1080p');

  await page.goto(`${url}/screen?panel=next&lang=de`);
  await expect(page.getByRole('heading', { name: 'Nächste Matches', level: 2 })).toBeVisible();
  await expect(page.locator('.screen-next li').first()).toContainText('#1 in der Warteschlange');
  await expectNoScrollbar(page);
  await saveScreenshot(page, 'screen-next-de-1080p');

  await page.goto(`${url}/screen?panel=standings&lang=de`);
  await expect(page.getByRole('heading', { name: 'Tabelle', level: 2 })).toBeVisible();
  await expectNoScrollbar(page);
  await saveScreenshot(page, 'screen-standings-de-1080p');
});
