import { expect, failOnConsoleErrors, test } from './matchday.js';

/** Every page of a fresh install, none of which may stay on a loading line. */
const PAGES = [
  '/admin',
  '/admin/tournament',
  '/admin/teams',
  '/admin/teams/codes',
  '/admin/players',
  '/admin/maps',
  '/admin/webhooks',
  '/admin/matches',
  '/admin/check-in',
  '/admin/corrections',
  '/admin/servers',
  '/admin/settings',
  '/admin/tools',
  '/admin/backup',
  '/',
  '/bracket',
  '/groups',
  '/check-in',
  '/standings',
  '/leaderboard',
  '/stats',
  '/me',
  '/teams/nobody',
];

test('with no tournament and no data, every page says what is missing instead of loading forever', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  await signInAsAdmin(page);
  for (const path of PAGES) {
    await page.goto(`${matchday.localUrl}${path}`);
    await expect(page.locator('main').first(), `${path} shows its content`).not.toBeEmpty();
    await expect(page.getByText(/Loading/), `${path} stops loading`).toHaveCount(0);
  }
});

test('check-in without a tournament says to create one first, on the console and the public page', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  await signInAsAdmin(page);
  await page.goto(`${matchday.localUrl}/admin/check-in`);
  await expect(
    page.getByText(
      'Check-in belongs to a tournament: create the tournament first, then teams check in here.',
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'create the tournament first' }).click();
  await expect(page).toHaveURL(/\/admin\/tournament$/);
  // The editor says teams come first, and links there.
  await expect(
    page.getByText('There are no teams yet: create the teams first, then add them here.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'create the teams first' })).toHaveAttribute(
    'href',
    '/admin/teams',
  );

  await page.goto(`${matchday.localUrl}/check-in`);
  await expect(
    page.getByText('There is no tournament yet: check-in opens once the organiser creates one.'),
  ).toBeVisible();
  await page.goto(`${matchday.localUrl}/groups`);
  await expect(page.getByText('There is no tournament yet.')).toBeVisible();
  await page.goto(`${matchday.localUrl}/teams/nobody`);
  await expect(page.getByText('There is no tournament yet.')).toBeVisible();

  await page.goto(`${matchday.localUrl}/check-in`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(
    page.getByText('Noch gibt es kein Turnier: Der Check-in öffnet, sobald die Orga eines anlegt.'),
  ).toBeVisible();
});
