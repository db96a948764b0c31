import type { BrowserContext } from '@playwright/test';
import { alphaBravoBo1, serverAndTeams, startFake, stopFakes, RCON_PASSWORD } from './fake-lan.js';
import { adminApi, expect, failOnConsoleErrors, saveScreenshot, test } from './matchday.js';
import { signInWithTeamCode } from './player-sign-in.js';

const contexts: BrowserContext[] = [];
// Before Matchday stops: a page left open would log its live stream's refused reconnects.
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await stopFakes();
});

test('an organiser moves a live match from the match window; the player sees the new connect line on /me', async ({
  browser,
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const first = await serverAndTeams(url);
  const match = await alphaBravoBo1(url);
  // The spare joins once the match is on LAN 1, so allocation cannot pick it first.
  await expect
    .poll(async () => (await adminApi(url, 'GET', `/api/matches/${match.slug}/backups`)).backups.length, {
      message: 'a round backup of LAN 1 stored',
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  const spare = await startFake({ pace: { round: [100, 100], playerConnect: 1, playerReady: 1 } });
  await adminApi(url, 'POST', '/api/servers', {
    id: 'lan-2',
    name: 'LAN 2',
    host: '127.0.0.1',
    port: spare.rconPort,
    rconPassword: RCON_PASSWORD,
  });
  await spare.waitForEvent('server_configured');

  // A player of Alpha on their phone.
  const code = (await adminApi(url, 'GET', '/api/teams/alpha')).team.joinCode as string;
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  contexts.push(context);
  const phone = await context.newPage();
  failOnConsoleErrors(phone);
  await phone.goto(`${url}/signin`);
  await signInWithTeamCode(phone, { team: 'Alpha', player: 'alpha0', code });
  await expect(phone.getByTestId('connect-line')).toHaveText(`connect 127.0.0.1:${first.rconPort}`, {
    timeout: 20_000,
  });

  await page.setViewportSize({ width: 1920, height: 1080 });
  await signInAsAdmin(page);
  await page.goto(`${url}/admin/matches/${match.slug}`);
  const move = page.getByRole('region', { name: 'Move to…' });
  await expect(move.getByLabel('Map 1 goes on from')).toContainText('The newest backup');
  await move.getByLabel('Server').selectOption({ label: 'LAN 2' });
  await saveScreenshot(page, 'move-match-1080p', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await saveScreenshot(page, 'move-match-phone', { fullPage: true });
  await move.getByRole('button', { name: 'Move to…' }).click();
  await move.getByRole('button', { name: 'Yes, move the match' }).click();
  await expect(page.getByRole('status')).toContainText(/Match moved to lan-2: it goes on from round \d+\./);
  await expect(page.locator('p', { has: page.getByTestId('match-status') })).toContainText('server lan-2');

  // The player's page follows at once: the new server's connect line.
  await expect(phone.getByTestId('connect-line')).toHaveText(`connect 127.0.0.1:${spare.rconPort}`);
  await saveScreenshot(phone, 'move-match-me-phone', { fullPage: true });
  expect(first.commands).toContain('css_endmatch');
  await expect
    .poll(() => spare.commands.some((c) => c.startsWith('plugin_loadbackup_url')), {
      message: 'the backup load sent to LAN 2',
    })
    .toBe(true);
});
