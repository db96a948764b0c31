import {
  adminApi,
  expect,
  failOnConsoleErrors,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

/** A 4-team single elimination in setup, no server: the bracket stays as planned. */
async function plannedCup(url: string) {
  const teamIds: string[] = [];
  for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
    teamIds.push((await adminApi(url, 'POST', '/api/teams', { name })).team.id);
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Timetable Cup',
    type: 'single_elimination',
    teamIds,
    settings: { veto: false },
  });
}

test('the organiser plans the final and a lunch break, pauses, and the bracket shows the planned times', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await plannedCup(url);
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${url}/admin/tournament`);
  const panel = page.getByRole('region', { name: 'Timetable' });
  await expect(panel.getByRole('status')).toHaveText('New matches are loaded as servers free up.');

  await panel.getByRole('button', { name: 'Add a round time' }).click();
  await panel.getByLabel('Round', { exact: true }).fill('main.final');
  await panel.getByLabel('Not before', { exact: true }).fill('2099-06-01T14:00');
  await panel.getByRole('button', { name: 'Add a break' }).click();
  await expect(panel.getByLabel('Name', { exact: true })).toHaveValue('Lunch');
  await panel.getByRole('button', { name: 'Save timetable' }).click();
  await expect(page.getByText('Timetable saved.')).toBeVisible();
  const saved = (await adminApi(url, 'GET', '/api/tournament')).tournament.settings.schedule;
  expect(Object.keys(saved.rounds)).toEqual(['main.final']);
  expect(saved.breaks).toHaveLength(1);

  // A break that ends before it starts: the API's 400 is shown, nothing is saved.
  await panel.getByLabel('Until', { exact: true }).fill('2000-01-01T10:00');
  await panel.getByRole('button', { name: 'Save timetable' }).click();
  await expect(page.getByText(/a break must end after it starts/)).toBeVisible();
  await page.reload();

  await panel.getByRole('button', { name: 'Pause new loads' }).click();
  await expect(panel.getByRole('status')).toContainText('Paused');
  await expect(panel.getByRole('button', { name: 'Resume' })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'timetable-admin-1080p');
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await panel.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'timetable-admin-360');

  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
  await page.goto(`${url}/bracket`);
  const planned = page.getByRole('status', { name: 'Timetable' });
  await expect(planned).toContainText('Paused: no new match starts until the organisers resume.');
  await expect(planned).toContainText(/final: not before .*2099.*2:00/);
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'timetable-bracket-360');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await saveScreenshot(page, 'timetable-bracket-1080p');

  await page.goto(`${url}/screen`);
  await expect(page.getByRole('status', { name: 'Timetable' })).toContainText('Paused');
  await saveScreenshot(page, 'timetable-screen-1080p');

  // German.
  await page.evaluate(() => localStorage.setItem('matchday.lang', 'de'));
  await page.reload();
  await expect(page.getByRole('status', { name: 'Zeitplan' })).toContainText('final: nicht vor');
});
