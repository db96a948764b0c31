import { adminApi, expect, failOnConsoleErrors, test } from './matchday.js';

test('the admin checks teams in on /admin/check-in; /check-in shows the count and who is missing', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  for (const [i, id] of ['alpha', 'bravo'].entries()) {
    await adminApi(url, 'POST', '/api/teams', {
      id,
      name: id === 'alpha' ? 'Alpha' : 'Bravo',
      players: [{ platformId: String(76561198500000000n + BigInt(i)), name: `${id}0` }],
    });
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Check-in Cup',
    type: 'single_elimination',
    teamIds: ['alpha', 'bravo'],
    settings: { veto: false, checkIn: { required: true } },
  });

  await signInAsAdmin(page);
  await page.goto(`${url}/admin/check-in`);
  await expect(page.getByText('Not checked in: Alpha, Bravo.')).toBeVisible();
  await page.getByRole('row', { name: /Alpha/ }).getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('row', { name: /Alpha/ }).getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(page.getByText('Not checked in: Bravo.')).toBeVisible();

  await page.goto(`${url}/check-in`);
  await expect(page.getByLabel('Check-in state')).toContainText('(1 of 2 checked in)');
  await expect(page.getByRole('row', { name: /Bravo/ })).toContainText('No');
});

test('check-in in German: the admin page and /check-in, with German dates', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await page.addInitScript(() => localStorage.setItem('matchday.lang', 'de'));
  const teamIds: string[] = [];
  for (const name of ['Alpha', 'Bravo']) {
    teamIds.push((await adminApi(url, 'POST', '/api/teams', { name })).team.id);
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Check-in Cup',
    type: 'single_elimination',
    teamIds,
    settings: { veto: false, checkIn: { required: true } },
  });

  await signInAsAdmin(page);
  await page.goto(`${url}/admin/check-in`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();
  await expect(page.getByText('Nicht eingecheckt: Alpha, Bravo.')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Eingecheckt' })).toBeVisible();
  const alpha = page.getByRole('row', { name: /Alpha/ });
  await alpha.getByRole('button', { name: 'Einchecken' }).click();
  await expect(alpha.getByRole('button', { name: 'Rückgängig' })).toBeVisible();
  // The time of the check-in as German writes dates: 25.11.2026, 20:41.
  await expect(alpha).toContainText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expect(page.getByText('1 von 2 eingecheckt.')).toBeVisible();

  await page.goto(`${url}/check-in`);
  await expect(page.getByLabel('Check-in-Status')).toContainText('(1 von 2 eingecheckt)');
  await expect(page.getByRole('row', { name: /Alpha/ })).toContainText(/Ja, \d{2}:\d{2}$/);
  await expect(page.getByRole('row', { name: /Bravo/ })).toContainText('Nein');
});
