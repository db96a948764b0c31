import { ADMIN_TOKEN, expect, failOnConsoleErrors, test } from './matchday.js';

const STEAM_ID_LABEL = 'Steam id (17 digits, STEAM_0:1:…, [U:1:…] or profile link)';
const GERMAN_STEAM_ID_LABEL = 'Steam-ID (17 Ziffern, STEAM_0:1:…, [U:1:…] oder Profil-Link)';

const PLAYER_A = '76561198000000101';
const PLAYER_B = '76561198000000102';

test('an organiser creates and edits a team on the Teams page', async ({ page, matchday, signInAsAdmin }) => {
  failOnConsoleErrors(page);
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Teams', exact: true }).click();
  await expect(page.getByText('No teams yet')).toBeVisible();

  await page.getByRole('button', { name: 'New team' }).click();
  const form = page.getByRole('form', { name: 'New team' });
  await form.getByLabel('Team name').fill('Night Owls');
  await form.getByLabel('Tag').fill('OWL');
  await form.getByLabel(STEAM_ID_LABEL).fill(PLAYER_A);
  await form.getByLabel('Player name').fill('hoot');
  await form.getByRole('button', { name: 'Add player' }).click();
  await form.getByLabel(STEAM_ID_LABEL).nth(1).fill(PLAYER_B);
  await form.getByLabel('Player name').nth(1).fill('screech');
  await form.getByRole('button', { name: 'Create team' }).click();

  await expect(page.getByText('Team Night Owls saved.')).toBeVisible();
  const row = page.getByRole('row', { name: /Night Owls/ });
  await expect(row).toContainText('OWL');
  await expect(row).toContainText('2');

  // A bad platform id is shown next to its field, and nothing is saved.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit Night Owls' });
  await edit.getByLabel('Team name').fill('Night Owls Academy');
  await edit.getByLabel('Tag').fill('OWLA');
  await edit.getByLabel(STEAM_ID_LABEL).first().fill('12345');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText(/must be a 17-digit id .* STEAM_0:1:123/)).toBeVisible();
  await expect(edit.getByRole('alert')).toHaveText('Check the highlighted fields.');
  await expect(edit.getByLabel(STEAM_ID_LABEL).first()).toHaveAttribute('aria-invalid', 'true');

  await edit.getByLabel(STEAM_ID_LABEL).first().fill(PLAYER_A);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('row', { name: /Night Owls Academy/ })).toContainText('OWLA');

  // The change reached the server.
  const res = await fetch(`${matchday.localUrl}/api/teams`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const body = (await res.json()) as { teams: { name: string; tag: string; players: unknown[] }[] };
  expect(body.teams).toEqual([expect.objectContaining({ name: 'Night Owls Academy', tag: 'OWLA' })]);
  expect(body.teams[0]!.players).toHaveLength(2);

  await page.screenshot({ path: 'test-results/teams-page.png', fullPage: true });
});

test('the Teams page fits a 360-px phone without horizontal overflow', async ({ page, signInAsAdmin }) => {
  failOnConsoleErrors(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsAdmin(page);
  await page.goto(page.url().replace(/\/admin$/, '/admin/teams'));
  await page.getByRole('button', { name: 'New team' }).click();
  await expect(page.getByRole('form', { name: 'New team' })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/teams-page-phone.png', fullPage: true });
});

test('without an admin session the console asks to sign in', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  await page.goto(`${matchday.localUrl}/admin/teams`);
  await expect(page.getByRole('heading', { name: 'Admin sign-in needed' })).toBeVisible();
  await page.getByRole('link', { name: 'How to sign in as admin' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

test('the Teams page in German: labels, field check, toasts and delete, at 360 px', async ({
  page,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  await page.addInitScript(() => localStorage.setItem('matchday.lang', 'de'));
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsAdmin(page);
  await page.goto(page.url().replace(/\/admin$/, '/admin/teams'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
  await expect(page.getByText('Noch keine Teams. Leg das erste an.')).toBeVisible();

  await page.getByRole('button', { name: 'Neues Team' }).click();
  const form = page.getByRole('form', { name: 'Neues Team' });
  await form.getByLabel('Teamname').fill('Nachteulen');
  await form.getByLabel('Kürzel').fill('EUL');
  await form.getByLabel(GERMAN_STEAM_ID_LABEL).fill('12345');
  await form.getByLabel('Spielername').fill('uhu');
  await form.getByRole('button', { name: 'Team anlegen' }).click();
  await expect(form.getByRole('alert')).toHaveText('Prüf die markierten Felder.');
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/teams-form-de-phone.png', fullPage: true });

  await form.getByLabel(GERMAN_STEAM_ID_LABEL).fill(PLAYER_A);
  await form.getByRole('button', { name: 'Team anlegen' }).click();
  await expect(page.getByText('Team Nachteulen gespeichert.')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').first()).toHaveText(/^Name\s*Kürzel\s*Spieler\s*Team-Code$/);
  const row = table.getByRole('row', { name: /Nachteulen/ });
  await expect(row).toContainText('EUL');

  await row.getByRole('button', { name: 'Löschen' }).click();
  await expect(row.getByRole('button', { name: 'Behalten' })).toBeVisible();
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/teams-page-de-phone.png', fullPage: true });
  await row.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(page.getByText('Team Nachteulen gelöscht.')).toBeVisible();
  await expect(page.getByText('Noch keine Teams. Leg das erste an.')).toBeVisible();
});
