import { addLan1, alphaBravoBo1, serverAndTeams, startFake, stopFakes } from './fake-lan.js';
import { expect, failOnConsoleErrors, test } from './matchday.js';

test.afterEach(stopFakes);

test('the match window: pause and unpause reach the game server, end match completes it live', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const fake = await serverAndTeams(url, 2);
  const match = await alphaBravoBo1(url);

  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Matches' })
    .click();
  await page.getByRole('link', { name: match.label }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/matches/${match.slug}$`));
  await expect(page.getByTestId('match-status')).toHaveText('Live', { timeout: 20_000 });

  // A control the state table forbids now is not offered; its reason is.
  await page.getByText(/Not available now/).click();
  await expect(page.getByRole('list', { name: 'Controls not available now' })).toContainText(
    'Skip veto: Cannot skip the veto while the match is live.',
  );
  // No plugin version can swap sides mid-match: never offered, and the page says why.
  await expect(page.getByRole('list', { name: 'Controls not available now' })).toContainText(
    'Swap teams: The game-server plugin cannot swap sides during a match',
  );
  await expect(page.getByRole('button', { name: 'Swap teams' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByText('Pause: done')).toBeVisible();
  expect(fake.commands).toContain('css_forcepause');
  const statusLine = page.locator('p', { has: page.getByTestId('match-status') });
  await expect(statusLine).toContainText('Live (paused)');
  await expect(page.getByRole('button', { name: 'Unpause' })).toBeVisible();

  await page.getByRole('button', { name: 'Unpause' }).click();
  await expect(page.getByText('Unpause: done')).toBeVisible();
  expect(fake.commands).toContain('css_forceunpause');
  await expect(statusLine).not.toContainText('(paused)');

  // Ended with one team ahead, the current score is the result (a level one would wait for a decision).
  await expect(page.getByTestId('map-score')).not.toHaveText(/^(\d+) : \1$/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'End match' }).click();
  await page.getByRole('button', { name: 'Confirm: end match' }).click();
  // The page follows without a reload: the status, and the controls that are left.
  await expect(page.getByTestId('match-status')).toHaveText('Completed');
  await expect(page.getByText('Nothing can be done to this match now.')).toBeVisible();
  await fake.waitForStatus('idle');
  expect(fake.commands).toContain('css_endmatch');

  await page.screenshot({ path: 'test-results/match-window-1080p.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/match-window-phone.png', fullPage: true });
});

test('admin tools: recovery, a bulk action with a result per server, server events and app logs live', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const fake = await startFake();
  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Tools', exact: true })
    .click();

  await page.getByRole('button', { name: 'Run Match Recovery Now' }).click();
  await expect(page.getByText('Recovery looked at 0 matches')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery results' })).toHaveText(
    'No match was loaded or live.',
  );

  // A server added meanwhile: its plugin's hello shows in the event monitor, the app's log line in the logs.
  await addLan1(url, fake);
  await expect(page.getByRole('list', { name: 'Server events' })).toContainText('server_configured');
  matchday.app.ctx.logger.warn({ module: 'e2e' }, 'a line the organiser should see');
  await expect(page.getByRole('list', { name: 'App logs' })).toContainText('a line the organiser should see');

  await page.getByRole('checkbox', { name: /LAN 1/ }).check();
  await page.getByLabel('Action').selectOption({ label: 'Broadcast message' });
  await page.getByLabel('Message').fill('Lunch break in 5 minutes');
  await page.getByRole('button', { name: 'Broadcast message on 1 server' }).click();
  await expect(page.getByRole('list', { name: 'Results per server' })).toContainText('lan-1:');

  await page.screenshot({ path: 'test-results/admin-tools-1080p.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
