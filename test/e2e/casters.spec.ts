import { adminApi, expect, failOnConsoleErrors, test } from './matchday.js';

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
