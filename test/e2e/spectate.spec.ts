import type { Page } from '@playwright/test';
import { adminApi, expect, failOnConsoleErrors, test } from './matchday.js';
import { alphaBravoBo1, serverAndTeams, stopFakes } from './fake-lan.js';

test.afterEach(stopFakes);

const CASTER = { platformId: '76561198000000021', name: 'caster' };

/** Signs the page's browser in on the LAN as `platformId` of `teamId` (the session cookie is the page's). */
async function signInOnLan(page: Page, url: string, platformId: string, teamId: string): Promise<void> {
  const { team } = await adminApi(url, 'GET', `/api/teams/${teamId}`);
  const res = await page.request.post(`${url}/api/auth/lan`, {
    data: { platformId, teamCode: team.joinCode },
    // As the web app sends it: a signed-in browser's change must name Matchday as its origin.
    headers: { Origin: url },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a signed-in caster sees "Spectate" with GOTV on a live match page; a player does not', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await serverAndTeams(url);
  // The caster signs in like any player on the LAN: through a team of their own.
  await adminApi(url, 'POST', '/api/teams', { id: 'crew', name: 'Crew', players: [CASTER] });
  await adminApi(url, 'PUT', '/api/settings', { casters: [CASTER] });
  const match = await alphaBravoBo1(url);

  await signInOnLan(page, url, CASTER.platformId, 'crew');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${url}/matches/${match.slug}`);
  const spectate = page.getByRole('region', { name: 'Spectate' });
  await expect(spectate.getByTestId('gotv-line')).toHaveText('connect 127.0.0.1:27020', { timeout: 20_000 });
  // The server has no password, so the link names none.
  await expect(spectate.getByRole('link', { name: 'Open in the game' })).toHaveAttribute(
    'href',
    /^steam:\/\/connect\/127\.0\.0\.1:\d+$/,
  );
  await page.screenshot({ path: 'test-results/spectate-1080p.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/spectate-360.png', fullPage: true });

  // A player of the match: the join line for players, no Spectate.
  await signInOnLan(page, url, '76561198000000001', 'alpha');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Join the server' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Spectate' })).toHaveCount(0);
});
