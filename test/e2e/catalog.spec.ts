import type { Page } from '@playwright/test';
import { expect, failOnConsoleErrors, test } from './matchday.js';

const noHorizontalOverflow = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('an organiser imports players from a CSV with a preview, then edits one', async ({
  page,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Players' })
    .click();
  await expect(page.getByText('No players yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Import from file' }).click();
  const csv = [
    'platformId,player,chatId,rating',
    '76561198000000401,ace,ace#1,1600',
    '76561198000000402,bolt,,',
    '12345,nobody,,',
  ].join('\n');
  await page
    .getByLabel('JSON or CSV file')
    .setInputFiles({ name: 'players.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('heading', { name: 'Preview of players.csv: 2 of 3 ready' })).toBeVisible();
  await page.getByRole('button', { name: /Import 2 players/ }).click();
  const table = page.getByRole('table', { name: 'Players' });
  await expect(table.getByRole('row', { name: 'ace' })).toContainText('ace#1');
  await expect(table.getByRole('row', { name: 'ace' })).toContainText('1600');
  await expect(table.getByRole('row', { name: 'bolt' })).toContainText('1500');

  await page.getByLabel('Search by name or platform id').fill('bol');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('row', { name: 'bolt' }).getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit bolt' });
  await form.getByLabel('Chat id').fill('bolt#2');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(table.getByRole('row', { name: 'bolt' })).toContainText('bolt#2');

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: 'test-results/players-page-1080p.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await page.screenshot({ path: 'test-results/players-page-phone.png', fullPage: true });
});

test('an organiser disables a map, makes a pool, and is told plainly the workshop is offline', async ({
  page,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Maps' }).click();
  const maps = page.getByRole('table', { name: 'Maps' });
  const nuke = maps.getByRole('row', { name: 'Nuke' });
  await nuke.getByRole('checkbox', { name: 'Enabled' }).click();
  await expect(page.getByText('Nuke disabled.')).toBeVisible();
  await expect(nuke.getByRole('checkbox', { name: 'Enabled' })).not.toBeChecked();

  await page.getByRole('button', { name: 'New pool' }).click();
  const pool = page.getByRole('form', { name: 'New pool' });
  await pool.getByLabel('Pool name').fill('Finals');
  for (const name of ['Mirage', 'Inferno', 'Ancient']) {
    await pool.getByRole('checkbox', { name: new RegExp(name) }).check();
  }
  await expect(pool.getByRole('checkbox', { name: /Nuke/ })).toHaveCount(0);
  await pool.getByRole('button', { name: 'Save pool' }).click();
  await expect(
    page.getByRole('list', { name: 'Map pools' }).getByRole('listitem').filter({ hasText: 'Finals' }),
  ).toContainText('de_ancient');

  await page.getByRole('button', { name: 'New map' }).click();
  const form = page.getByRole('form', { name: 'New map' });
  await form
    .getByLabel('Workshop item id or page URL')
    .fill('https://steamcommunity.com/sharedfiles/filedetails/?id=3070284539');
  await form.getByRole('button', { name: 'Look up workshop item' }).click();
  await expect(form.getByRole('alert')).toContainText('The workshop could not be reached');
  await expect(form.getByRole('alert')).toContainText('add the map by its id and name');
  // Without the lookup the map is added by hand.
  await form.getByLabel('Map id (as the game names it)').fill('de_cache');
  await form.getByLabel('Display name').fill('Cache');
  await form.getByLabel('Workshop id').fill('3070284539');
  await form.getByRole('button', { name: 'Add map' }).click();
  await expect(maps.getByRole('row', { name: 'Cache' })).toContainText('de_cache');

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: 'test-results/maps-page-1080p.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await page.screenshot({ path: 'test-results/maps-page-phone.png', fullPage: true });
});
