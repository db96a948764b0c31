import { ADMIN_TOKEN, adminApi, expect, failOnConsoleErrors, test } from './matchday.js';

const TEAMS = [
  { id: 'owls', name: 'Night Owls', tag: 'OWL' },
  { id: 'larks', name: 'Early Larks', tag: 'LRK' },
  { id: 'hawks', name: 'Red Hawks', tag: 'HWK' },
];

test('an organiser copies a team code and prints every team its sign-in sheet', async ({
  page,
  context,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  await adminApi(matchday.localUrl, 'POST', '/api/teams', TEAMS);
  const listed = await fetch(`${matchday.localUrl}/api/teams`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const codes = new Map<string, string>(
    ((await listed.json()) as { teams: { name: string; joinCode: string }[] }).teams.map((t) => [
      t.name,
      t.joinCode,
    ]),
  );
  const owlsCode = codes.get('Night Owls') ?? '';
  expect(owlsCode).not.toBe('');

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: matchday.localUrl });
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Teams', exact: true }).click();

  // The code column shows each team's code; its button copies it.
  const owls = page.getByRole('row', { name: /Night Owls/ });
  await expect(owls.getByRole('cell').nth(3)).toContainText(owlsCode);
  await owls.getByRole('button', { name: 'Copy the code of Night Owls' }).click();
  await expect(page.getByText('Code of Night Owls copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(owlsCode);

  // The print sheet: one sheet per team with its code, the QR and the address players open.
  await page.getByRole('link', { name: 'Print team codes' }).click();
  await expect(page.getByRole('heading', { name: 'Team codes', level: 1 })).toBeVisible();
  const sheets = page.getByRole('article');
  await expect(sheets).toHaveCount(TEAMS.length);
  for (const team of TEAMS) {
    const sheet = page.getByRole('article', { name: `Sign-in sheet of ${team.name}` });
    await expect(sheet.getByTestId('sheet-code')).toHaveText(codes.get(team.name) ?? '');
    await expect(sheet.getByRole('img', { name: /^QR code of http/ })).toBeVisible();
    await expect(sheet).toContainText(/http:\/\/[\d.]+:\d+/);
  }

  // On paper: the console's bar and the page's buttons are gone, and every sheet starts a page of its own.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Team codes', level: 1 })).toBeHidden();
  await expect(sheets).toHaveCount(TEAMS.length);
  for (const sheet of await sheets.all()) {
    await expect(sheet).toBeVisible();
  }
  const breaks = await sheets.evaluateAll((all) => all.map((el) => getComputedStyle(el).breakAfter));
  expect(breaks).toEqual(['page', 'page', 'auto']);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
});

test('the print sheet of an event without teams says to create teams first', async ({
  page,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Teams', exact: true }).click();
  await page.getByRole('link', { name: 'Print team codes' }).click();
  await expect(page.getByText('No teams yet: create teams first, then print their codes.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled();
});
