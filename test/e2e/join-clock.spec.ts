import type { RunningServer } from '../../out/server/index.js';
import {
  adminApi,
  expect,
  failOnConsoleErrors,
  inGerman,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

/** A two-team cup (one player a side) whose match is stored as loaded on LAN 1 (no game server runs here). */
async function loadedCupMatch(matchday: RunningServer) {
  const url = matchday.localUrl;
  await adminApi(url, 'PUT', '/api/settings', { autoAllocate: false });
  await adminApi(url, 'POST', '/api/servers', {
    id: 'lan-1',
    name: 'LAN 1',
    host: '127.0.0.1',
    port: 27015,
    rconPassword: 'rcon-secret-123',
  });
  for (const [i, id] of ['red', 'blue'].entries()) {
    await adminApi(url, 'POST', '/api/teams', {
      id,
      name: id === 'red' ? 'Red' : 'Blue',
      players: [{ platformId: String(76561198500000000n + BigInt(i)), name: `${id}0` }],
    });
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Join Cup',
    type: 'single_elimination',
    teamIds: ['red', 'blue'],
    settings: { veto: false, teamSize: 1, joinMinutes: 5, noShowAction: 'admin' },
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
  const { matches } = await adminApi(url, 'GET', '/api/matches');
  const slug = matches[0].slug as string;
  const { repos, clock } = matchday.app.ctx;
  await repos.matches.save({
    ...(await repos.matches.get(slug))!,
    status: 'loaded',
    serverId: 'lan-1',
    loadedAt: clock.now(),
  });
  return slug;
}

test('the organiser handles a no-show from the attention queue: holds the clock, then releases it', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const slug = await loadedCupMatch(matchday);
  const { joinClock } = matchday.app.services;
  const now = matchday.app.ctx.clock.now();
  // The server fetched the config 5 minutes and 1 second ago: the clock ran out.
  await joinClock.start(slug, now - 5 * 60 - 1);
  await joinClock.sweep();

  await page.setViewportSize({ width: 1920, height: 1080 });
  await signInAsAdmin(page);
  await expect(page.getByTestId('attention-count')).toHaveText(/1/);
  const queue = page.getByRole('list', { name: 'Attention queue' });
  const item = queue.getByRole('listitem').filter({ hasText: 'Team not on the server' });
  await expect(item).toContainText('Red (0/1 present) and Blue (0/1 present)');
  await saveScreenshot(page, 'dashboard-no-show-1920');

  await item.getByRole('link', { name: 'Open the match' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/matches/${slug}$`));
  const panel = page.getByRole('region', { name: 'Join clock' });
  await expect(panel.getByTestId('join-clock')).toContainText('The time to join is up');
  await saveScreenshot(page, 'match-window-join-clock-1920', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await noHorizontalOverflow(page, 360);
  await panel.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'match-window-join-clock-360');

  await panel.getByRole('button', { name: 'Hold the clock' }).click();
  await expect(page.getByText('Join clock held.')).toBeVisible();
  await expect(panel.getByTestId('join-clock')).toContainText('An admin holds the join clock');
  await expect(page.getByTestId('attention-count')).toHaveText(/0/);

  await panel.getByRole('button', { name: 'Release the clock' }).click();
  await expect(panel.getByTestId('join-clock')).toContainText(/Join the server: [45]:\d\d left/);

  // The public match page counts down too, in German as well.
  await page.goto(`${url}/matches/${slug}`);
  await expect(page.getByTestId('join-clock')).toContainText(/Join the server: [45]:\d\d left/);
  await expect(page.getByTestId('join-clock')).toContainText('present Red 0, Blue 0');
  await saveScreenshot(page, 'match-page-join-clock-360');
  await inGerman(page);
  await page.reload();
  await expect(page.getByTestId('join-clock')).toContainText(/Auf den Server: noch [45]:\d\d/);
  await expect(page.getByTestId('join-clock')).toContainText('da: Red 0, Blue 0');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await saveScreenshot(page, 'match-page-join-clock-de-1920');
});

test('the organiser forfeits a no-show team from the attention queue; the item leaves', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const slug = await loadedCupMatch(matchday);
  const { joinClock } = matchday.app.services;
  await joinClock.start(slug, matchday.app.ctx.clock.now() - 5 * 60 - 1);
  await joinClock.sweep();

  await page.setViewportSize({ width: 360, height: 800 });
  await signInAsAdmin(page);
  await expect(page.getByTestId('attention-count')).toHaveText(/1/);
  const item = page
    .getByRole('list', { name: 'Attention queue' })
    .getByRole('listitem')
    .filter({ hasText: 'Team not on the server' });
  await item.getByRole('link', { name: 'Open the match' }).click();
  const panel = page.getByRole('region', { name: 'Forfeit' });
  await panel.getByRole('radio', { name: 'Red' }).check();
  await panel.getByLabel('Reason').fill('not on the server when the join clock ran out');
  await panel.getByRole('button', { name: 'Forfeit' }).click();
  await panel.getByRole('button', { name: 'Confirm: Red forfeits' }).click();
  await expect(page.getByText('Red forfeited; Blue goes through.')).toBeVisible();
  await expect(page.getByTestId('match-status')).toHaveText('Completed');
  // The leader's join-clock check (every 5 s) sees the cause gone.
  await expect(page.getByTestId('attention-count')).toHaveText(/0/, { timeout: 15_000 });
  await noHorizontalOverflow(page, 360);
});
