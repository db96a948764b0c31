import {
  adminApi,
  expect,
  failOnConsoleErrors,
  inGerman,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

test('starting a groups event is a decision: the draw is previewed (nothing started), cancelled, previewed again and started as shown', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const teamIds: string[] = [];
  for (let i = 1; i <= 8; i++) {
    teamIds.push((await adminApi(url, 'POST', '/api/teams', { name: `Club ${i}`, tag: `C${i}` })).team.id);
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Preview Cup',
    type: 'groups_playoffs',
    teamIds,
    settings: { veto: false, seeding: 'random' },
    stages: [
      { kind: 'groups', type: 'round_robin', groupCount: 2, advancePerGroup: 2 },
      { kind: 'playoffs', type: 'single_elimination' },
    ],
  });
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${url}/admin/tournament`);

  const setup = page.getByRole('form', { name: 'Tournament setup' });
  await setup.getByRole('button', { name: 'Start tournament' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start preview' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Groups, then playoffs, 8 teams, random draw.');
  const groupA = dialog.getByRole('region', { name: 'Group A' });
  const groupB = dialog.getByRole('region', { name: 'Group B' });
  // Four teams each, listed with their seeds (snake dealt: 1, 4, 5, 8 and 2, 3, 6, 7), and round 1 inside.
  await expect(groupA.getByRole('list').first().getByRole('listitem')).toHaveCount(4);
  await expect(groupB.getByRole('list').first().getByRole('listitem')).toHaveCount(4);
  await expect(groupA.getByRole('list').first().getByLabel('Seed 1', { exact: true })).toBeVisible();
  await expect(groupB.getByRole('list').first().getByLabel('Seed 2', { exact: true })).toBeVisible();
  await expect(groupA.getByRole('list').nth(1).getByRole('listitem')).toHaveCount(2);
  // Side by side on a laptop.
  const [a, b] = [await groupA.boundingBox(), await groupB.boundingBox()];
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
  expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
  await saveScreenshot(page, 'start-preview-1366');

  // The preview wrote nothing.
  expect((await adminApi(url, 'GET', '/api/tournament')).tournament.status).toBe('setup');
  expect((await adminApi(url, 'GET', '/api/matches')).count).toBe(0);

  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await expect(dialog.getByRole('button', { name: 'Start the tournament' })).toBeInViewport();
  await saveScreenshot(page, 'start-preview-360');
  await page.setViewportSize({ width: 1366, height: 768 });

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Tournament status')).toHaveText('Being set up');

  await setup.getByRole('button', { name: 'Start tournament' }).click();
  await expect(dialog).toBeVisible();
  const shown = async (group: typeof groupA) =>
    (await group.getByRole('list').first().getByRole('listitem').allInnerTexts()).map((text) =>
      text.replace(/^\d+\s*/, '').trim(),
    );
  const previewed = [await shown(groupA), await shown(groupB)];
  await dialog.getByRole('button', { name: 'Start the tournament' }).click();
  // The clubs have no players yet: the preflight refuses, the dialog names the rosters and offers to go on.
  const refusal = dialog.getByRole('alert', { name: 'The checks before the start failed' });
  await expect(refusal).toContainText('Club 1: Roster');
  await expect(refusal).toContainText('0 of 5 players. Add 5 more');
  await dialog.getByRole('button', { name: 'Start anyway' }).click();
  await expect(page.getByText('Tournament started.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Tournament status')).toHaveText('Running');

  // The started groups are the previewed ones, in seed order.
  const bracket = await adminApi(url, 'GET', '/api/tournament/bracket');
  const names = new Map(
    ((await adminApi(url, 'GET', '/api/teams')).teams as { id: string; name: string }[]).map((t) => [
      t.id,
      t.name,
    ]),
  );
  const started = (bracket.stages[0].groups as { teamIds: string[] }[]).map((g) =>
    g.teamIds.map((id) => names.get(id)),
  );
  expect(started).toEqual(previewed);
});

test('the preview in German', async ({ page, matchday, signInAsAdmin }) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const teamIds: string[] = [];
  for (let i = 1; i <= 5; i++) {
    teamIds.push((await adminApi(url, 'POST', '/api/teams', { name: `Team ${i}`, tag: `T${i}` })).team.id);
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Vorschau',
    type: 'single_elimination',
    teamIds,
    settings: { veto: false },
  });
  await inGerman(page);
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${url}/admin/tournament`);
  await page.getByRole('button', { name: 'Turnier starten', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Vorschau des Starts' });
  const round = dialog.getByRole('region', { name: 'Runde 1' });
  // Five teams in a bracket of eight: the three best seeds have a bye.
  await expect(round.getByRole('listitem')).toHaveCount(4);
  await expect(round.getByText('Freilos')).toHaveCount(3);
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'start-preview-de-360');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
});
