import { adminApi, expect, failOnConsoleErrors, test } from './matchday.js';

/** Two teams and a manual match waiting for a server (no server is added). */
async function waitingMatch(url: string) {
  for (const [team, first] of [
    ['alpha', 1],
    ['bravo', 6],
  ] as const) {
    await adminApi(url, 'POST', '/api/teams', {
      id: team,
      name: team === 'alpha' ? 'Alpha' : 'Bravo',
      players: [{ platformId: String(76561198000000000n + BigInt(first)), name: `${team}0` }],
    });
  }
  return (
    await adminApi(url, 'POST', '/api/matches', {
      team1Id: 'alpha',
      team2Id: 'bravo',
      format: 'bo1',
      veto: false,
      maps: ['de_mirage'],
    })
  ).match as { slug: string };
}

test('a local build: Dev Tools show the simulation state, reset it after a confirmation, and link to the monitor and logs', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await waitingMatch(url);
  await signInAsAdmin(page);

  // Not in the bar (its reset deletes every match): reached from the tools and the settings page.
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link', { name: /Dev Tools/ })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Tools', exact: true }).click();
  await expect(page.getByRole('link', { name: /^Dev Tools/ })).toBeVisible();
  await nav.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: /^Dev Tools/ }).click();
  await expect(page).toHaveURL(/\/admin\/dev-tools$/);
  const state = page.getByRole('region', { name: 'Simulation state', exact: true });
  const glance = state.getByRole('definition').filter({ hasText: 'in all' });
  await expect(state.getByRole('definition').first()).toHaveText('off');
  await expect(glance).toContainText('1 in all');
  await expect(glance).toContainText('1 waiting for a server');

  // The first click only asks; Cancel backs out and nothing is deleted.
  await page.getByRole('button', { name: 'Reset simulation state' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect((await adminApi(url, 'GET', '/api/matches')).count).toBe(1);

  // The confirmation waits for RESET to be typed.
  await page.getByRole('button', { name: 'Reset simulation state' }).click();
  const confirm = page.getByRole('button', { name: 'Confirm: delete every match and its stats' });
  const typed = page.getByLabel('Type RESET to confirm');
  await expect(typed).toBeFocused();
  await expect(confirm).toBeDisabled();
  await typed.fill('reset');
  await expect(confirm).toBeDisabled();
  await typed.fill('RESET');
  await confirm.click();
  await expect(page.getByRole('region', { name: 'Reset simulation state' }).getByRole('status')).toHaveText(
    '1 match deleted.',
  );
  expect((await adminApi(url, 'GET', '/api/matches')).count).toBe(0);
  await expect(glance).toContainText('0 in all');

  await page.getByRole('link', { name: 'Server event monitor' }).click();
  await expect(page).toHaveURL(/\/admin\/tools#event-monitor$/);
  await expect(page.getByRole('heading', { name: 'Server events' })).toBeInViewport();
  await page.goBack();
  await page.getByRole('link', { name: 'App logs' }).click();
  await expect(page).toHaveURL(/\/admin\/tools#app-logs$/);
  await expect(page.getByRole('heading', { name: 'App logs' })).toBeVisible();
});

test.describe('a production build', () => {
  test.use({ matchdayEnv: { NODE_ENV: 'production' } });

  test('hides the simulation settings and Dev Tools entirely', async ({ page, matchday, signInAsAdmin }) => {
    failOnConsoleErrors(page);
    await signInAsAdmin(page);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Settings' }).click();
    // The other settings are there; simulation is not, not even disabled.
    await expect(page.getByRole('form', { name: 'Defaults' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Simulation' })).toHaveCount(0);
    await expect(page.getByLabel('Simulate matches')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Dev Tools/ })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Tools', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Admin tools' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Dev Tools/ })).toHaveCount(0);

    // The fake game server is a test double: no plugin choice outside simulation.
    await nav.getByRole('link', { name: 'Servers' }).click();
    await page.getByRole('button', { name: 'Add server' }).click();
    await expect(page.getByLabel('Plugin').locator('option')).toHaveText([
      'Detect at setup (recommended)',
      'MatchZy-Enhanced 1.4.x (matchzy_ commands)',
      'Auto Tournament CS2 2.x (at_ commands)',
    ]);

    // A shared link to the page says why instead of offering the reset.
    await page.goto(`${matchday.localUrl}/admin/dev-tools`);
    await expect(page.getByRole('note')).toContainText('PLUGIN_ENABLE_SIMULATION_IN_PROD');
    await expect(page.getByRole('button', { name: 'Reset simulation state' })).toHaveCount(0);
  });
});

test.describe('a production build with PLUGIN_ENABLE_SIMULATION_IN_PROD=true', () => {
  test.use({ matchdayEnv: { NODE_ENV: 'production', PLUGIN_ENABLE_SIMULATION_IN_PROD: 'true' } });

  test('shows the simulation settings and Dev Tools', async ({ page, signInAsAdmin }) => {
    failOnConsoleErrors(page);
    await signInAsAdmin(page);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByLabel('Simulate matches')).toBeEnabled();
    await page.getByRole('link', { name: /^Dev Tools/ }).click();
    await expect(page.getByRole('button', { name: 'Reset simulation state' })).toBeVisible();
  });
});
