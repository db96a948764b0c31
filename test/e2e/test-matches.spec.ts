import { FakeGameServer } from '../fakes/index.js';
import {
  adminApi,
  expect,
  failOnConsoleErrors,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

const RCON_PASSWORD = 'rcon-secret-test-matches';

test('the dashboard tests every server and shows each one’s steps and the failed one', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const fakes = [1, 2].map(
    () =>
      new FakeGameServer({
        password: RCON_PASSWORD,
        bootstrapDebounceMs: 20,
        serverHealthIntervalSeconds: 0,
        msPerGameSecond: 0.02,
        demoSizeBytes: 64 * 1024,
      }),
  );
  try {
    for (const [i, fake] of fakes.entries()) {
      await fake.start();
      await adminApi(url, 'POST', '/api/servers', {
        id: `lan-${i + 1}`,
        name: `LAN ${i + 1}`,
        host: '127.0.0.1',
        port: fake.rconPort,
        rconPassword: RCON_PASSWORD,
      });
      await fake.waitForEvent('server_configured', (p) => p.server_id === `lan-${i + 1}`);
    }
    // LAN 2 is switched off after its setup: its test match is never loaded.
    await fakes[1]!.stop();

    await signInAsAdmin(page);
    await page.setViewportSize({ width: 1920, height: 1080 });
    const panel = page.getByRole('region', { name: 'Test every server' });
    await expect(panel).toContainText('No test has run yet.');
    await panel.getByRole('button', { name: 'Test every server' }).click();
    await expect(panel.getByRole('status')).toContainText('1 of 2 servers passed', { timeout: 30_000 });
    const servers = panel.locator('.test-matches > li');
    await expect(servers.filter({ hasText: 'LAN 1' })).toContainText('Passed');
    await expect(servers.filter({ hasText: 'LAN 1' })).toContainText('Demo received ·');
    await expect(servers.filter({ hasText: 'LAN 2' })).toContainText('Loaded failed: the load was not sent');
    await saveScreenshot(page, 'dashboard-test-matches-1920');
    await page.setViewportSize({ width: 360, height: 740 });
    await noHorizontalOverflow(page, 360);
    await saveScreenshot(page, 'dashboard-test-matches-360', { fullPage: true });
  } finally {
    await Promise.all(fakes.map((f) => f.stop()));
  }
});
