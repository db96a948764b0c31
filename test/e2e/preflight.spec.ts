import { FakeGameServer } from '../fakes/index.js';
import {
  adminApi,
  expect,
  failOnConsoleErrors,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

const RCON_PASSWORD = 'rcon-secret-preflight';
const player = (n: number) => ({ platformId: String(76561198000000100n + BigInt(n)), name: `player ${n}` });

test('the dashboard runs the checks before the start; the preflight page and the server card show them', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  // A game server that lacks a map of the pool.
  const fake = new FakeGameServer({
    password: RCON_PASSWORD,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    tvEnable: true,
    missingMaps: ['de_nuke'],
  });
  await fake.start();
  try {
    await adminApi(url, 'POST', '/api/servers', {
      id: 'lan-1',
      name: 'LAN 1',
      host: '127.0.0.1',
      port: fake.rconPort,
      rconPassword: RCON_PASSWORD,
    });
    await fake.waitForEvent('server_configured', (p) => p.server_id === 'lan-1');
    await adminApi(url, 'POST', '/api/teams', { id: 'red', name: 'Red', players: [player(1), player(2)] });
    await adminApi(url, 'POST', '/api/teams', { id: 'blue', name: 'Blue', players: [player(3)] });
    await adminApi(url, 'POST', '/api/tournament', {
      name: 'Preflight Cup',
      type: 'single_elimination',
      format: 'bo1',
      teamIds: ['red', 'blue'],
      settings: { teamSize: 2 },
    });

    await signInAsAdmin(page);
    await page.setViewportSize({ width: 1920, height: 1080 });
    const panel = page.getByRole('region', { name: 'Checks before the start' });
    await expect(panel).toContainText('The checks have not run yet.');
    await panel.getByRole('button', { name: 'Run checks' }).click();
    await expect(panel.getByRole('status')).toContainText('checks failed', { timeout: 15_000 });
    const failed = panel.getByRole('listitem');
    await expect(failed.filter({ hasText: 'LAN 1: Maps of the pools' })).toContainText(
      'Not installed: de_nuke. Install them on the server or give them a workshop id',
    );
    await expect(failed.filter({ hasText: 'Blue: Roster' })).toContainText('1 of 2 players. Add 1 more');
    await expect(failed.filter({ hasText: 'Red: Roster' })).toHaveCount(0);
    await saveScreenshot(page, 'dashboard-preflight-1920');

    await panel.getByRole('link', { name: 'All checks' }).click();
    await expect(page).toHaveURL(/\/admin\/preflight$/);
    const servers = page.getByRole('region', { name: 'Servers' });
    await expect(servers.getByRole('listitem').filter({ hasText: 'GOTV' })).toContainText('OK');
    await expect(page.getByRole('region', { name: 'Teams' }).getByRole('listitem')).toHaveCount(2);
    await saveScreenshot(page, 'preflight-page-1920', { fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await noHorizontalOverflow(page, 360);
    await saveScreenshot(page, 'preflight-page-360', { fullPage: true });

    // The server's own checks on its card, open because one failed.
    await page.goto(`${url}/admin/servers`);
    const card = page.getByRole('region', { name: 'Server LAN 1' });
    const own = card.getByRole('group').filter({ hasText: 'Checks before the start' });
    await expect(own.getByRole('listitem').filter({ hasText: 'Maps of the pools' })).toContainText('Error');
    await expect(own.getByRole('listitem')).toHaveCount(7);
    await noHorizontalOverflow(page, 360);
    await saveScreenshot(page, 'servers-preflight-360', { fullPage: true });
  } finally {
    await fake.stop();
  }
});
