import type { Page } from '@playwright/test';
import { adminApi, expect, failOnConsoleErrors, test } from './matchday.js';

const SERVER_TOKEN = 'e2e-server-token-0123456789';
test.use({ matchdayEnv: { SERVER_TOKEN } });

type Matchday = { localUrl: string };
const pid = (team: number, i: number) => String(76561198000000000n + BigInt(team * 10 + i));

/** Two teams of two in a started best-of-3 tournament; answers its one match. */
async function startCup(matchday: Matchday): Promise<{ slug: string; matchid: number }> {
  const teamIds: string[] = [];
  for (const team of [1, 2]) {
    const players = [1, 2].map((i) => ({ platformId: pid(team, i), name: `player-${team}-${i}` }));
    const { team: created } = await adminApi(matchday.localUrl, 'POST', '/api/teams', {
      name: team === 1 ? 'Alpha Wolves' : 'Bravo Bears',
      tag: `T${team}`,
      players,
    });
    teamIds.push(created.id);
  }
  await adminApi(matchday.localUrl, 'POST', '/api/tournament', {
    name: 'Stats LAN',
    type: 'single_elimination',
    format: 'bo3',
    teamIds,
    settings: { veto: false },
  });
  await adminApi(matchday.localUrl, 'POST', '/api/tournament/start', { force: true });
  const { matches } = await adminApi(matchday.localUrl, 'GET', '/api/matches');
  return matches[0];
}

/** A round_end as the plugin posts it (PROTOCOL.md 2.4.11): cumulative map totals per player. */
async function roundEnd(
  matchday: Matchday,
  m: { slug: string; matchid: number },
  round: number,
  kills: number,
) {
  const player = (team: number, i: number) => ({
    steamid: pid(team, i),
    name: `p${team}${i}`,
    stats: {
      kills: team === 1 ? kills * i : round - 1,
      deaths: team === 1 ? 0 : round,
      damage: team === 1 ? kills * 100 * i : 50 * round,
      headshot_kills: team === 1 ? kills : 0,
      rounds_played: round,
      mvp: team === 1 && i === 2 ? round : 0,
    },
  });
  const side = (team: number, score: number) => ({
    series_score: 0,
    score,
    score_ct: 0,
    score_t: 0,
    players: [player(team, 1), player(team, 2)],
    id: '',
    name: '',
  });
  const res = await fetch(`${matchday.localUrl}/api/events/${m.slug}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Plugin-Token': SERVER_TOKEN },
    body: JSON.stringify({
      reason: 9,
      winner: { side: '2', team: 'team1' },
      team1: side(1, round),
      team2: side(2, 0),
      round_time: 0,
      round_number: round,
      map_number: 0,
      matchid: m.matchid,
      event: 'round_end',
    }),
  });
  expect(res.status).toBe(200);
}

async function noHorizontalOverflow(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test('the match scoreboard follows the rounds live, at 360 px', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  await page.setViewportSize({ width: 360, height: 740 });
  const match = await startCup(matchday);
  await roundEnd(matchday, match, 1, 1);
  await page.goto(`${matchday.localUrl}/matches/${match.slug}`);
  const board = page.getByRole('region', { name: 'Player statistics' });
  const alpha = board.getByRole('table', { name: 'Alpha Wolves' });
  // Sorted by kills: player 2 of team 1 (2 kills) first; K-D, +/-, ADR, HS%, MVPs.
  await expect(alpha.getByRole('row').nth(1)).toHaveText(/player-1-2\s*2-0\s*\+2\s*200\.0\s*50%\s*1/);
  await expect(board.getByRole('table', { name: 'Bravo Bears' })).toContainText('0-1');
  await noHorizontalOverflow(page, 360);

  // The next round arrives: the figures move without a reload.
  await roundEnd(matchday, match, 2, 3);
  await expect(alpha.getByRole('row').nth(1)).toHaveText(/player-1-2\s*6-0\s*\+6\s*300\.0\s*50%\s*2/);
  await board.getByRole('button', { name: 'Total' }).click();
  await expect(board.getByRole('button', { name: 'Total' })).toHaveAttribute('aria-pressed', 'true');
  await expect(alpha).toContainText('6-0');
  await noHorizontalOverflow(page, 360);
});

test('/stats sorts the table, shows the top fraggers and the MVP once completed, at 1920x1080', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const match = await startCup(matchday);
  await roundEnd(matchday, match, 1, 2);
  await page.goto(`${matchday.localUrl}/stats`);
  const table = page.getByRole('region', { name: 'Player statistics' }).getByRole('table');
  const firstPlayer = table.getByRole('row').nth(1).getByRole('rowheader');
  await expect(firstPlayer).toHaveText('player-1-2');
  await expect(page.getByRole('region', { name: 'Top fraggers' })).toContainText('Top fragger #1player-1-2');
  await expect(page.getByLabel('Tournament MVP')).toHaveCount(0);

  // By HS%: player 1 of team 1 (2 of 2 kills headshots) goes before player 2 (2 of 4).
  await table.getByRole('button', { name: /^HS%/ }).click();
  await expect(table.getByRole('columnheader', { name: /HS%/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(firstPlayer).toHaveText('player-1-1');
  // By ADR: 400, 200, then team 2's players (50).
  await table.getByRole('button', { name: /^ADR/ }).click();
  await expect(firstPlayer).toHaveText('player-1-2');
  await expect(table.getByRole('row').nth(3).getByRole('rowheader')).toHaveText(/player-2-/);
  await noHorizontalOverflow(page, 1920);

  await adminApi(matchday.localUrl, 'POST', `/api/matches/${match.slug}/winner`, { winner: 'team1' });
  await expect(page.getByLabel('Tournament MVP')).toContainText('player-1-2');
});

test.describe('in German', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('matchday.lang', 'de'));
  });

  test('/stats has German headings, column names and decimal commas, at 1920x1080 and 360 px', async ({
    page,
    matchday,
  }) => {
    failOnConsoleErrors(page);
    await page.setViewportSize({ width: 1920, height: 1080 });
    const match = await startCup(matchday);
    // Round 3 with one kill each for team 1: player 1 dealt 100 damage in 3 rounds, an ADR of 33.3.
    await roundEnd(matchday, match, 3, 1);
    await page.goto(`${matchday.localUrl}/stats`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Statistiken' })).toBeVisible();
    const table = page.getByRole('region', { name: 'Spielerstatistiken' }).getByRole('table');
    await expect(table.getByRole('row').first()).toHaveText(
      /^#\s*Spieler\s*Team\s*Maps\s*K-D ▼\s*K\/D\s*ADR\s*HS%\s*MVPs$/,
    );
    // Numbers in German: decimal commas, a space before the percent sign.
    await expect(table.getByRole('row').filter({ hasText: 'player-1-1' })).toHaveText(
      /player-1-1\s*Alpha Wolves\s*1\s*1-0\s*1,00\s*33,3\s*100\s%\s*0$/,
    );
    await expect(table.getByRole('row').filter({ hasText: 'player-2-1' })).toHaveText(
      /player-2-1\s*Bravo Bears\s*1\s*2-3\s*0,67\s*50,0\s*0\s%\s*0$/,
    );
    await expect(page.getByRole('region', { name: 'Top-Fragger' })).toContainText(
      'Top-Fragger #1player-1-22 Kills · 66,7 ADR',
    );
    await expect(table.getByRole('button', { name: /^ADR/ })).toHaveAttribute(
      'title',
      'Durchschnittlicher Schaden pro Runde: danach sortieren',
    );
    await noHorizontalOverflow(page, 1920);
    await page.screenshot({ path: 'test-results/stats-de-1080p.png', fullPage: true });

    await page.setViewportSize({ width: 360, height: 740 });
    await noHorizontalOverflow(page, 360);
    await page.screenshot({ path: 'test-results/stats-de-360.png', fullPage: true });

    await adminApi(matchday.localUrl, 'POST', `/api/matches/${match.slug}/winner`, { winner: 'team1' });
    await expect(page.getByLabel('Turnier-MVP')).toContainText('player-1-23 MVPs · 66,7 ADR');
  });

  test('the match scoreboard in German, at 360 px', async ({ page, matchday }) => {
    failOnConsoleErrors(page);
    await page.setViewportSize({ width: 360, height: 740 });
    const match = await startCup(matchday);
    await roundEnd(matchday, match, 3, 1);
    await page.goto(`${matchday.localUrl}/matches/${match.slug}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const board = page.getByRole('region', { name: 'Spielerstatistiken' });
    await expect(board.getByRole('heading', { name: /^Scoreboard/ })).toContainText('live');
    const alpha = board.getByRole('table', { name: 'Alpha Wolves' });
    await expect(alpha.getByRole('row').first()).toHaveText(/^Spieler\s*K-D\s*\+\/-\s*ADR\s*HS%\s*MVPs$/);
    await expect(alpha.getByRole('row').nth(1)).toHaveText(/player-1-2\s*2-0\s*\+2\s*66,7\s*50\s%\s*3/);
    await board.getByRole('button', { name: 'Gesamt' }).click();
    await expect(board.getByRole('button', { name: 'Gesamt' })).toHaveAttribute('aria-pressed', 'true');
    await noHorizontalOverflow(page, 360);
  });

  // The team page has no spec of its own; it needs the same started cup.
  test('a team page in German: current match, history and record, at 360 px and 1920x1080', async ({
    page,
    matchday,
  }) => {
    failOnConsoleErrors(page);
    await page.setViewportSize({ width: 360, height: 740 });
    const match = await startCup(matchday);
    const { teams } = (await adminApi(matchday.localUrl, 'GET', '/api/teams')) as {
      teams: { id: string; name: string }[];
    };
    const alpha = teams.find((t) => t.name === 'Alpha Wolves')!;
    await page.goto(`${matchday.localUrl}/teams/${alpha.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Alpha Wolves' })).toBeVisible();
    const current = page.getByRole('region', { name: 'Aktuelles Match' });
    await expect(current.getByRole('heading', { name: 'Aktuelles Match' })).toBeVisible();
    await expect(current).toContainText('Bravo Bears');
    const history = page.getByRole('region', { name: 'Verlauf' });
    await expect(history).toContainText('Noch kein Match beendet.');
    await noHorizontalOverflow(page, 360);
    await page.screenshot({ path: 'test-results/team-de-360.png', fullPage: true });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await noHorizontalOverflow(page, 1920);
    await page.screenshot({ path: 'test-results/team-de-1080p.png', fullPage: true });

    await adminApi(matchday.localUrl, 'POST', `/api/matches/${match.slug}/winner`, { winner: 'team1' });
    await expect(current).toContainText('Gerade steht kein Match an.');
    await expect(page.getByText('1 gewonnen · 0 verloren')).toBeVisible();
    await expect(history).toContainText('Bravo Bears');
  });
});
