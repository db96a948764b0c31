import type { Match } from '../../shared/contracts/matches.js';
import { adminApi, expect, failOnConsoleErrors, saveScreenshot, test } from './matchday.js';

type Matchday = { localUrl: string };

/** 16 teams in a Valve-style Swiss (3 wins / 3 losses, bo3 deciders), the veto starter by coin toss. */
async function startMajor(matchday: Matchday): Promise<void> {
  const teamIds: string[] = [];
  for (let i = 1; i <= 16; i++) {
    const { team } = await adminApi(matchday.localUrl, 'POST', '/api/teams', {
      name: `Seed ${i}`,
      tag: `S${i}`,
    });
    teamIds.push(team.id);
  }
  await adminApi(matchday.localUrl, 'POST', '/api/tournament', {
    name: 'Major',
    type: 'swiss',
    format: 'bo1',
    teamIds,
    settings: { advanceAt: 3, eliminateAt: 3, deciderFormat: 'bo3', vetoStarter: 'coin_toss' },
  });
  await adminApi(matchday.localUrl, 'POST', '/api/tournament/start', { force: true });
}

/** Decides the open matches of rounds up to `last`, team 1 winning, round by round. */
async function playRounds(matchday: Matchday, last: number): Promise<Match[]> {
  for (;;) {
    const { matches } = (await adminApi(matchday.localUrl, 'GET', '/api/tournament/bracket')) as {
      matches: Match[];
    };
    const open = matches.filter((m) => m.round <= last && m.team1 && m.team2 && m.status !== 'completed');
    if (open.length === 0) {
      return matches;
    }
    for (const m of open) {
      await adminApi(matchday.localUrl, 'POST', `/api/matches/${m.slug}/winner`, { winner: 'team1' });
    }
  }
}

test('a Valve-style Swiss: record pools per round, decided teams, and the coin toss on the veto', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  await startMajor(matchday);
  const matches = await playRounds(matchday, 3);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${matchday.localUrl}/bracket`);
  const pools = page.getByRole('group', { name: 'Record pools' });
  await expect(pools).toBeVisible();
  const round3 = pools.getByRole('region', { name: 'Round 3' });
  await expect(round3.locator('[data-record="2-0"] .match-card')).toHaveCount(2);
  await expect(round3.locator('[data-record="1-1"] .match-card')).toHaveCount(4);
  await expect(round3.locator('[data-record="0-2"] .match-card')).toHaveCount(2);
  const round4 = pools.getByRole('region', { name: 'Round 4' });
  await expect(round4.locator('[data-record="2-1"] .match-card')).toHaveCount(3);
  await expect(pools.getByTestId('pool-advanced').getByRole('listitem')).toHaveCount(2);
  await expect(pools.getByTestId('pool-advanced')).toContainText('3-0');
  await expect(pools.getByTestId('pool-eliminated').getByRole('listitem')).toHaveCount(2);
  const standings = page.getByRole('region', { name: 'Standings' });
  await expect(standings.getByRole('columnheader', { name: 'Record' })).toBeVisible();
  await expect(standings.getByText('Advanced')).toHaveCount(2);
  await saveScreenshot(page, 'swiss-record-pools-1080p', { fullPage: true });

  // A round 4 match decides teams: it is a bo3, and its veto names who won the toss.
  const decider = matches.find((m) => m.round === 4 && m.team1 && m.team2)!;
  expect(decider.format).toBe('bo3');
  const { veto } = await adminApi(matchday.localUrl, 'GET', `/api/veto/${decider.slug}`);
  const winner = veto[veto.coinToss].name as string;
  await page.goto(`${matchday.localUrl}/veto/${decider.slug}`);
  await expect(page.getByTestId('veto-starter')).toHaveText(`Coin toss: ${winner} won and bans first.`);
  await expect(page.locator('.veto-turn')).toContainText(`Waiting for ${winner} to ban a map.`);
  await saveScreenshot(page, 'veto-coin-toss-1080p');

  // German, on a phone: the pools scroll inside themselves, the page does not.
  await page.evaluate(() => localStorage.setItem('matchday.lang', 'de'));
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(page.getByTestId('veto-starter')).toHaveText(
    `Münzwurf: ${winner} hat gewonnen und bannt zuerst.`,
  );
  await page.goto(`${matchday.localUrl}/bracket`);
  await expect(page.getByRole('group', { name: 'Bilanz-Töpfe' })).toBeVisible();
  await expect(page.getByTestId('pool-advanced')).toContainText('Weiter');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await saveScreenshot(page, 'swiss-record-pools-de-360', { fullPage: true });
});
