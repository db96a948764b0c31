import {
  adminApi,
  expect,
  failOnConsoleErrors,
  inGerman,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

const CASTER = { platformId: '76561198000000901', name: 'Deck Caster' };

test('an organiser lists the casters every match config admits as spectators', async ({
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
  const form = page.getByRole('form', { name: 'Casters and observers' });
  await expect(form.getByText('No casters yet.')).toBeVisible();

  // A platform id that is not 17 digits is refused, and the answer names the entry.
  await form.getByRole('button', { name: 'Add caster' }).click();
  await form.getByLabel('Platform id of caster 1').fill('7656');
  await form.getByLabel('Name of caster 1').fill(CASTER.name);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/casters\.0\.platformId/)).toBeVisible();

  await form.getByLabel('Platform id of caster 1').fill(CASTER.platformId);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Casters and observers: saved.')).toBeVisible();

  const saved = await adminApi(matchday.localUrl, 'GET', '/api/settings');
  expect(saved.settings.casters).toEqual([CASTER]);

  // Still there after a reload; removing the caster and saving empties the list.
  await page.reload();
  const reloaded = page.getByRole('form', { name: 'Casters and observers' });
  await expect(reloaded.getByLabel('Name of caster 1')).toHaveValue(CASTER.name);
  await reloaded.getByRole('button', { name: 'Remove caster 1' }).click();
  await reloaded.getByRole('button', { name: 'Save' }).click();
  await expect(reloaded.getByText('No casters yet.')).toBeVisible();
});

test('in German: the settings page, its refusal as the text for the error code, at 1080p and on a phone', async ({
  page,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  await inGerman(page);
  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin-Bereiche' })
    .getByRole('link', { name: 'Einstellungen' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
  await expect(page.getByRole('form', { name: 'Standardwerte' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Anmeldedienste' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Passwort setzen' })).toBeVisible();

  // The API refuses a platform id that is not 17 digits; German shows the text for VALIDATION_FAILED.
  const form = page.getByRole('form', { name: 'Caster und Observer' });
  await expect(form.getByText('Noch keine Caster.')).toBeVisible();
  await form.getByRole('button', { name: 'Caster hinzufügen' }).click();
  await form.getByLabel('Plattform-ID von Caster 1').fill('7656');
  await form.getByLabel('Name von Caster 1').fill(CASTER.name);
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Einige Felder sind ungültig.')).toBeVisible();
  await expect(page.getByText(/casters\.0\.platformId/)).toHaveCount(0);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await saveScreenshot(page, 'admin-settings-de-1080p', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'admin-settings-de-360', { fullPage: true });
});
