import {
  adminApi,
  expect,
  failOnConsoleErrors,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

test('an organiser sets when a silent server counts as lost and turns the automatic move off', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Settings' })
    .click();
  const form = page.getByRole('form', { name: 'Defaults' });
  const after = form.getByLabel(/A live server counts as lost/);
  const auto = form.getByLabel(/Move the match of a lost server/);
  await expect(after).toHaveValue('60');
  await expect(auto).toBeChecked();

  await after.fill('30');
  await auto.uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Defaults: saved.')).toBeVisible();
  const saved = await adminApi(matchday.localUrl, 'GET', '/api/settings');
  expect(saved.settings).toMatchObject({ failoverAfterSeconds: 30, autoFailover: false });

  await page.setViewportSize({ width: 1920, height: 1080 });
  await saveScreenshot(page, 'admin-settings-failover-1080p');
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await form.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'admin-settings-failover-360', { fullPage: true });
});
