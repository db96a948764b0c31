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
