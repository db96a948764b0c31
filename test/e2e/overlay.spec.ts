import type { Page } from '@playwright/test';
import { adminApi, expect, failOnConsoleErrors, saveScreenshot, test } from './matchday.js';
import { alphaBravoBo1, serverAndTeams, stopFakes } from './fake-lan.js';

test.afterEach(stopFakes);

/** Every request the page makes, to check that nothing comes from another origin. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => urls.push(req.url()));
  return urls;
}

const backgroundOf = (page: Page, selector: string) =>
  page.evaluate((s) => getComputedStyle(document.querySelector(s)!).backgroundColor, selector);

test('the server overlay shows the server, then follows its match live without a reload, see-through', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await serverAndTeams(url);
  const requests = recordRequests(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${url}/overlay/server/lan-1?unknown=1`);
  await expect(page.getByTestId('server-name')).toHaveText('LAN 1');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  expect(await backgroundOf(page, 'html')).toBe('rgba(0, 0, 0, 0)');
  expect(await backgroundOf(page, 'body')).toBe('rgba(0, 0, 0, 0)');
  // No page chrome: only the scoreboard.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.locator('header')).toHaveCount(0);

  const match = await alphaBravoBo1(url);
  await expect(page.getByTestId('team1')).toHaveText('ALPAlpha');
  await expect(page.getByTestId('team2')).toHaveText('BRVBravo');
  await expect(page.getByTestId('phase')).toHaveText('Live', { timeout: 20_000 });
  await expect(page.getByTestId('current-map')).toHaveText('Map 1 of 1 · Mirage');
  await expect(page.getByTestId('series-score')).toHaveText('BO1 · Series 0 : 0');
  const roundScore = page.getByTestId('round-score');
  await expect(roundScore).toHaveText(/^\d+ : \d+$/);
  const before = await roundScore.textContent();
  await expect(roundScore).not.toHaveText(before!, { timeout: 20_000 });
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true),
  ).toBe(true);
  await page.screenshot({ path: 'test-results/overlay-server-1080p.png', omitBackground: true });
  // The phase follows too: an admin pause, then play again.
  await adminApi(url, 'POST', `/api/matches/${match.slug}/pause`, {});
  await expect(page.getByTestId('phase')).toHaveText('Paused');
  await adminApi(url, 'POST', `/api/matches/${match.slug}/unpause`, {});
  await expect(page.getByTestId('phase')).toHaveText('Live');

  // The match's own overlay, light and at double size.
  const darkWidth = (await page.getByRole('region', { name: 'Scoreboard' }).boundingBox())!.width;
  expect(await backgroundOf(page, '.scorebug')).toBe('rgb(24, 27, 34)');
  await page.goto(`${url}/overlay/match/${match.slug}?theme=light&scale=2&lang=xx`);
  await expect(page.getByTestId('phase')).toHaveText(/Live|Halftime|Overtime|Paused/);
  expect(await backgroundOf(page, '.scorebug')).toBe('rgb(255, 255, 255)');
  expect(await backgroundOf(page, 'html')).toBe('rgba(0, 0, 0, 0)');
  const lightWidth = (await page.getByRole('region', { name: 'Scoreboard' }).boundingBox())!.width;
  expect(lightWidth / darkWidth).toBeCloseTo(2, 1);
  await page.screenshot({ path: 'test-results/overlay-match-light-x2.png', omitBackground: true });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${url}/overlay/match/${match.slug}`);
  await expect(page.getByTestId('round-score')).toBeVisible();
  const box = (await page.getByRole('region', { name: 'Scoreboard' }).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/overlay-match-360.png', omitBackground: true });

  // The projector's live panel shows the same scoreboard.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${url}/screen?panel=live`);
  const onScreen = page.getByRole('region', { name: 'Live now' }).getByRole('region', { name: 'Scoreboard' });
  await expect(onScreen.getByTestId('team1')).toHaveText('ALPAlpha');
  await expect(onScreen.getByTestId('round-score')).toHaveText(/^\d+ : \d+$/);
  await page.screenshot({ path: 'test-results/screen-live-1080p.png' });

  const foreign = requests.filter((r) => !r.startsWith(`${url}/`));
  expect(foreign).toEqual([]);
});

test('an unknown match says so on the overlay', async ({ page, matchday }) => {
  await page.goto(`${matchday.localUrl}/overlay/match/no-such-match`);
  await expect(page.getByRole('alert')).toContainText('not found');
});

test('?lang=de puts the overlays in German for this page only', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await serverAndTeams(url);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${url}/overlay/server/lan-1?lang=de`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByText('Wartet auf das nächste Match')).toBeVisible();

  const match = await alphaBravoBo1(url);
  const scoreboard = page.getByRole('region', { name: 'Scoreboard' });
  await expect(scoreboard.getByTestId('phase')).toHaveText('Live', { timeout: 20_000 });
  await expect(scoreboard.getByTestId('current-map')).toHaveText('Map 1 von 1 · Mirage');
  await expect(scoreboard.getByTestId('series-score')).toHaveText('BO1 · Serie 0 : 0');
  await expect(scoreboard.getByLabel('Rundenstand')).toBeVisible();
  await expect(scoreboard.getByLabel('Gewonnene Maps von Alpha')).toHaveText('0');
  await adminApi(url, 'POST', `/api/matches/${match.slug}/pause`, {});
  await expect(scoreboard.getByTestId('phase')).toHaveText('Pausiert');
  await saveScreenshot(page, 'overlay-de-1080p', { omitBackground: true });
  // The longer German words still fit a phone's width.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${url}/overlay/match/${match.slug}?lang=de`);
  await expect(page.getByTestId('phase')).toHaveText('Pausiert');
  const box = (await page.getByRole('region', { name: 'Scoreboard' }).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);

  // Not remembered: the same browser without ?lang= is back in its own language.
  expect(await page.evaluate(() => localStorage.getItem('matchday.lang'))).toBeNull();
  await page.goto(`${url}/overlay/match/${match.slug}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('phase')).toHaveText('Paused');
});
