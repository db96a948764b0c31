import { expect, failOnConsoleErrors, test } from './matchday.js';

/** The language switcher and the browser's own language (API.md decision 51). */

test('the switcher changes the language at once and the browser remembers it', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  await page.goto(`${matchday.localUrl}/bracket`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Turnierbaum' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  expect(await page.evaluate(() => localStorage.getItem('matchday.lang'))).toBe('de');
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-AT' });
  test('gets German without choosing, by primary subtag', async ({ page, matchday }) => {
    failOnConsoleErrors(page);
    await page.goto(`${matchday.localUrl}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Rangliste' })).toBeVisible();
  });
});
