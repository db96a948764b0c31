import type { Match } from '../../shared/contracts/matches.js';
import { adminApi, expect, failOnConsoleErrors, saveScreenshot, test } from './matchday.js';

test('the organiser sets up groups then playoffs in the editor (refused input shown at its field), starts it, and the bracket shows both stages', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  for (let i = 1; i <= 8; i++) {
    await adminApi(url, 'POST', '/api/teams', { name: `Seed ${i}`, tag: `S${i}` });
  }
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${url}/admin/tournament`);

  const setup = page.getByRole('form', { name: 'Tournament setup' });
  await setup.getByLabel('Name', { exact: true }).fill('Stage Cup');
  await setup.getByLabel('Type', { exact: true }).selectOption('groups_playoffs');
  await setup.getByLabel('Match format').selectOption('bo1');
  await expect(setup.getByRole('list', { name: 'Seeding' }).getByRole('listitem')).toHaveCount(8);

  const groups = setup.getByRole('group', { name: 'Group stage', exact: true });
  await groups.getByLabel('Group format').selectOption('round_robin');
  await groups.getByLabel('Groups', { exact: true }).fill('2');
  await groups.getByLabel('Best of').selectOption('bo1');
  const advance = groups.getByLabel('Advancing per group');
  await advance.fill('2');
  await expect(groups.getByRole('status', { name: 'Group stage size' })).toHaveText(
    '8 teams in 2 groups of 4; 4 go to the playoffs.',
  );

  const playoffs = setup.getByRole('group', { name: 'Playoffs', exact: true });
  await playoffs.getByLabel('Playoff bracket').selectOption('single_elimination');
  await playoffs.getByLabel('Best of').selectOption('bo3');
  const rounds = setup.getByRole('group', { name: 'Formats per round' });
  await rounds.getByRole('button', { name: 'Add a round' }).click();
  const finalRow = rounds.getByRole('group', { name: 'Round override 1' });
  await finalRow.getByLabel('Round').selectOption({ label: 'Final' });
  await finalRow.getByLabel('Best of').selectOption('bo5');

  // The setup as a template keeps its stages.
  const templates = page.getByRole('region', { name: 'Templates' });
  await templates.getByLabel('Save this setup as').fill('Two groups');
  await templates.getByRole('button', { name: 'Save template' }).click();
  await expect(templates.getByRole('list', { name: 'Saved templates' })).toContainText('Two groups');
  const [template] = (await adminApi(url, 'GET', '/api/templates')).templates;
  expect(template.stages).toMatchObject([
    { kind: 'groups', groupCount: 2, advancePerGroup: 2, format: 'bo1' },
    { kind: 'playoffs', type: 'single_elimination', format: 'bo3', rounds: { final: { format: 'bo5' } } },
  ]);

  // Groups of 4 cannot send 4 on: said at the field in words while typing; the save is held back.
  await advance.fill('4');
  await expect(advance).toHaveAttribute('aria-invalid', 'true');
  await expect(advance).toHaveAccessibleDescription(
    '8 would go to the playoffs from 8 teams: the smallest group has 4 teams, so at most 3 of each group can go on.',
  );
  await setup.getByRole('button', { name: 'Create tournament' }).click();
  await expect(page.getByText('Fix the problems shown at the fields first.')).toBeVisible();
  await expect(page.getByText(/stages\.0\.advancePerGroup/)).toHaveCount(0);
  await expect(page.getByLabel('Tournament status')).toHaveCount(0);

  await saveScreenshot(page, 'admin-tournament-stages-1080', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  // On a phone the editor stacks without a horizontal scrollbar.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await saveScreenshot(page, 'admin-tournament-stages-360', { fullPage: true });
  await page.setViewportSize({ width: 1920, height: 1080 });

  await advance.fill('2');
  await setup.getByRole('button', { name: 'Start tournament' }).click();
  // The draw is previewed first; starting confirms it, past the preflight (the teams have no players).
  const dialog = page.getByRole('dialog', { name: 'Start preview' });
  await dialog.getByRole('button', { name: 'Start the tournament' }).click();
  await dialog.getByRole('button', { name: 'Start anyway' }).click();
  await expect(page.getByText('Tournament started.')).toBeVisible();
  await expect(page.getByLabel('Tournament status')).toHaveText('Running');

  // What the editor sent is what the matches play: bo1 groups, bo3 playoffs, a bo5 final.
  const { matches } = (await adminApi(url, 'GET', '/api/tournament/bracket')) as { matches: Match[] };
  const formats = (stage: string) => new Set(matches.filter((m) => m.stage === stage).map((m) => m.format));
  expect(formats('groups')).toEqual(new Set(['bo1']));
  expect(matches.filter((m) => m.stage === 'groups')).toHaveLength(12);
  expect(
    matches.filter((m) => m.stage === 'playoffs').map((m) => [m.label, m.format, m.team1Placeholder]),
  ).toEqual([
    ['R1 M1', 'bo3', 'Group A #1'],
    ['R1 M2', 'bo3', 'Group B #1'],
    ['Final', 'bo5', 'Winner of R1 M1'],
  ]);

  // After the start the stages are locked; the name can still change (PUT allows name and format).
  await expect(groups.getByLabel('Advancing per group')).toBeDisabled();
  await expect(setup.getByLabel('Type', { exact: true })).toBeDisabled();
  await setup.getByLabel('Name', { exact: true }).fill('Stage Cup 2026');
  await setup.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Tournament saved.')).toBeVisible();
  expect((await adminApi(url, 'GET', '/api/tournament')).tournament).toMatchObject({
    name: 'Stage Cup 2026',
    status: 'in_progress',
  });

  await page.goto(`${url}/bracket`);
  const tabs = page.getByRole('tablist', { name: 'Stages' });
  await expect(tabs.getByRole('tab', { name: 'Groups' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Group A', exact: true })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Playoffs' }).click();
  await expect(page.getByTestId('bracket').getByText('Group A #1')).toBeVisible();
});
