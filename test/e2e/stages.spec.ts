import type { Match } from '../../shared/contracts/matches.js';
import { adminApi, expect, failOnConsoleErrors, test } from './matchday.js';

type Matchday = { localUrl: string };

/** 8 teams in 2 round-robin groups, top 2 to a bo3 single elimination with a bo5 final; started. */
async function startTwoStageCup(matchday: Matchday): Promise<void> {
  const teamIds: string[] = [];
  for (let i = 1; i <= 8; i++) {
    const { team } = await adminApi(matchday.localUrl, 'POST', '/api/teams', {
      name: `Seed ${i}`,
      tag: `S${i}`,
    });
    teamIds.push(team.id);
  }
  await adminApi(matchday.localUrl, 'POST', '/api/tournament', {
    name: 'Stage Cup',
    type: 'groups_playoffs',
    format: 'bo1',
    teamIds,
    settings: { veto: false },
    stages: [
      { kind: 'groups', type: 'round_robin', groupCount: 2, advancePerGroup: 2 },
      { kind: 'playoffs', type: 'single_elimination', format: 'bo3', rounds: { final: { format: 'bo5' } } },
    ],
  });
  await adminApi(matchday.localUrl, 'POST', '/api/tournament/start', { force: true });
}

/** Decides every open group match, team 1 winning. */
async function playGroups(matchday: Matchday): Promise<void> {
  for (;;) {
    const { matches } = (await adminApi(matchday.localUrl, 'GET', '/api/tournament/bracket')) as {
      matches: Match[];
    };
    const open = matches.filter(
      (m) => m.stage === 'groups' && m.team1 && m.team2 && m.status !== 'completed',
    );
    if (open.length === 0) {
      return;
    }
    for (const m of open) {
      await adminApi(matchday.localUrl, 'POST', `/api/matches/${m.slug}/winner`, { winner: 'team1' });
    }
  }
}

test('a two-stage bracket: a tab per stage, seats named by group place, filled live; /groups marks the qualified', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  await startTwoStageCup(matchday);
  await page.goto(`${matchday.localUrl}/bracket`);
  const tabs = page.getByRole('tablist', { name: 'Stages' });
  await expect(tabs.getByRole('tab', { name: 'Groups' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Group A', exact: true })).toBeVisible();

  await tabs.getByRole('tab', { name: 'Playoffs' }).click();
  const bracket = page.getByTestId('bracket');
  await expect(bracket.getByText('Group A #1')).toBeVisible();
  await expect(bracket.getByText('Group B #2')).toBeVisible();

  await playGroups(matchday);
  // The seats give way to the teams without a reload.
  await expect(bracket.getByText('Group A #1')).toHaveCount(0);
  await expect(bracket.locator('[data-slug="r1-m1"]')).toContainText(/Seed \d.*Seed \d/);

  await page
    .getByRole('navigation', { name: 'Tournament pages' })
    .getByRole('link', { name: 'Groups' })
    .click();
  await expect(page).toHaveURL(/\/groups$/);
  const groupA = page.getByTestId('group-A');
  await expect(groupA.locator('tr.qualified')).toHaveCount(2);
  await expect(groupA.getByText('Qualified')).toHaveCount(2);
  await expect(groupA.locator('.match-card')).toHaveCount(6);
  await page.screenshot({ path: 'test-results/groups.png', fullPage: true });
  // On a 360-px phone the groups stack without a horizontal scrollbar.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(groupA).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto(`${matchday.localUrl}/matches/final`);
  await expect(page.getByLabel('Format')).toContainText('Best of 5');
  await expect(page.getByLabel('Format')).toContainText('Dust II');
  await page.screenshot({ path: 'test-results/groups-playoffs-final.png', fullPage: true });
});
