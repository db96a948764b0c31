import type { Page } from '@playwright/test';
import type { Match } from '../../shared/contracts/matches.js';
import { ADMIN_TOKEN, expect, failOnConsoleErrors, test } from './matchday.js';

type Matchday = { localUrl: string };

async function api<T>(matchday: Matchday, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(matchday.localUrl + path, {
    method,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  expect(res.ok, `${method} ${path}: ${JSON.stringify(json)}`).toBe(true);
  return json;
}

/** `count` teams in a started tournament of `type`. */
async function startTournament(matchday: Matchday, type: string, count: number): Promise<void> {
  const teamIds: string[] = [];
  for (let i = 1; i <= count; i++) {
    const { team } = await api<{ team: { id: string } }>(matchday, 'POST', '/api/teams', {
      name: `Team ${String.fromCharCode(64 + i)}`,
      tag: `T${i}`,
    });
    teamIds.push(team.id);
  }
  await api(matchday, 'POST', '/api/tournament', { name: 'Winter LAN', type, format: 'bo1', teamIds });
  await api(matchday, 'POST', '/api/tournament/start', { force: true });
}

async function playable(matchday: Matchday): Promise<Match[]> {
  const { matches } = await api<{ matches: Match[] }>(matchday, 'GET', '/api/tournament/bracket');
  return matches.filter((m) => m.team1 && m.team2 && m.status !== 'completed' && m.displayStatus !== 'BYE');
}

/** Decides every match that can be played now, team1 winning, as an admin would in the match window. */
async function decideRound(matchday: Matchday): Promise<Match[]> {
  const open = await playable(matchday);
  for (const m of open) {
    await api(matchday, 'POST', `/api/matches/${m.slug}/winner`, { winner: 'team1' });
  }
  return open;
}

/** Marks the document: the mark survives only if the page never reloads. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

async function noHorizontalOverflow(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test('the bracket fills live to a champion as results are posted, without a reload', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  await startTournament(matchday, 'single_elimination', 8);
  await page.goto(`${matchday.localUrl}/bracket`);
  const bracket = page.getByTestId('bracket');
  await expect(bracket.getByRole('heading', { name: 'Final', exact: true })).toBeVisible();
  await expect(bracket.getByText('Winner of Quarter-final 1')).toBeVisible();
  await markDocument(page);

  const quarterFinals = await decideRound(matchday);
  expect(quarterFinals).toHaveLength(4);
  // Each winner appears in its semi-final slot: the "Winner of" names give way to teams.
  await expect(bracket.getByText(/Winner of Quarter-final/)).toHaveCount(0);
  await expect(bracket.locator('.mc-team.won')).toHaveCount(4);

  await decideRound(matchday);
  await expect(bracket.locator('.mc-team.won')).toHaveCount(6);
  const [final] = await decideRound(matchday);
  await expect(bracket.locator('.mc-team.won')).toHaveCount(7);
  const finalCard = bracket.locator(`[data-slug="${final!.slug}"]`);
  await expect(finalCard.locator('.mc-team.won')).toHaveText(new RegExp(final!.team1!.name));

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByLabel('Champion')).toContainText(final!.team1!.name);
  expect(await stillSameDocument(page)).toBe(true);
  await page.screenshot({ path: 'test-results/bracket-champion.png', fullPage: true });
});

test('a cut live connection shows "Reconnecting", then catches up from where it stopped', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  await startTournament(matchday, 'double_elimination', 4);
  await page.goto(`${matchday.localUrl}/bracket`);
  const bracket = page.getByTestId('bracket');
  await expect(bracket.getByRole('heading', { name: 'Upper bracket' })).toBeVisible();
  await expect(bracket.getByRole('heading', { name: 'Grand final', exact: true })).toBeVisible();
  await markDocument(page);

  // The proxy in front of Matchday answers 502 HTML while the stream is down.
  await page.route('**/api/live**', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><h1>502 Bad Gateway</h1></html>' }),
  );
  const loads: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/(tournament\/bracket|matches)$/.test(new URL(req.url()).pathname)) {
      loads.push(req.url());
    }
  });
  // Chromium logs the refused reconnects; that is the cut this test makes, not an app error.
  page.removeAllListeners('console');
  matchday.app.ctx.live.disconnectAll();
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  // The reconnect met the proxy's 502, not a stream: the page says so and keeps trying.
  await expect(page.locator('.live-badge')).toHaveText('Live updates paused, retrying…');

  const decided = await decideRound(matchday);
  expect(decided).toHaveLength(2);
  await page.unroute('**/api/live**');

  await expect(bracket.locator('.mc-team.won')).toHaveCount(2);
  await expect(page.locator('.live-badge')).toHaveText('');
  // Caught up from the stream's buffer: no reload of the page, not even of the bracket data.
  expect(loads).toEqual([]);
  expect(await stillSameDocument(page)).toBe(true);
});

test.describe('at the live viewer limit', () => {
  test.use({ matchdayEnv: { LIVE_MAX_VIEWERS: '1' } });

  test('a refused page says live updates are paused, retries, and follows live once a place is free', async ({
    page,
    matchday,
  }) => {
    // Another viewer holds the only place.
    const holder = new AbortController();
    const held = await fetch(`${matchday.localUrl}/api/live`, { signal: holder.signal });
    expect(held.status).toBe(200);
    await page.goto(`${matchday.localUrl}/bracket`);
    await expect(page.locator('.live-badge')).toHaveText('Live updates paused, retrying…');
    await markDocument(page);

    holder.abort();
    await expect(page.locator('.live-badge')).toHaveText('', { timeout: 20_000 });
    await startTournament(matchday, 'single_elimination', 4);
    await expect(
      page.getByTestId('bracket').getByRole('heading', { name: 'Final', exact: true }),
    ).toBeVisible();
    expect(await stillSameDocument(page)).toBe(true);
  });
});

test('a proxy answering 502 HTML shows a readable message, never the HTML', async ({ page, matchday }) => {
  await page.route('**/api/tournament/bracket', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><h1>502 Bad Gateway</h1></html>' }),
  );
  await page.goto(`${matchday.localUrl}/bracket`);
  await expect(page.getByRole('alert')).toHaveText(
    'Matchday is not reachable (502). Check that the server is running.',
  );
  await expect(page.getByText('Bad Gateway')).toHaveCount(0);
});

test('projector view at 1080p and the bracket on a 360-px phone: screenshots, no horizontal overflow', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  await startTournament(matchday, 'double_elimination', 8);
  await decideRound(matchday);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${matchday.localUrl}/screen`);
  await expect(page.getByTestId('bracket')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Winter LAN' })).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(0);
  await noHorizontalOverflow(page, 1920);
  await page.screenshot({ path: 'test-results/screen-1080p.png' });

  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await page.screenshot({ path: 'test-results/screen-phone.png' });

  await page.goto(`${matchday.localUrl}/bracket`);
  await expect(page.getByTestId('bracket').getByRole('heading', { name: 'Lower bracket' })).toBeVisible();
  await noHorizontalOverflow(page, 360);
  await page.screenshot({ path: 'test-results/bracket-phone.png', fullPage: true });
});

test('an organiser chooses a winner in the matches list; the list and the bracket follow live', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  await startTournament(matchday, 'single_elimination', 4);
  const [first] = await playable(matchday);
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Matches', exact: true }).click();
  // Its state's filter (veto pending or waiting for a server).
  await page.getByLabel('State').selectOption(first!.status);
  // Four teams: the first round is the semi-finals, and the console names it so ("R1 M1" is "Semi-final 1").
  const shown = first!.label.replace(/^R1 M(\d)$/, 'Semi-final $1');
  const row = page.getByRole('row', { name: shown });
  await row.getByRole('button', { name: 'Choose winner…' }).click();
  await row.getByRole('button', { name: `${first!.team2!.name} wins` }).click();
  await row.getByRole('button', { name: `Confirm: ${first!.team2!.name} wins` }).click();
  await expect(page.getByText(`${shown}: ${first!.team2!.name} wins.`)).toBeVisible();
  // Completed now: it leaves that filter, and the final shows the winner.
  await expect(page.getByRole('row', { name: shown })).toHaveCount(0);
  await page.getByLabel('State').selectOption({ label: 'All states' });
  await expect(page.getByRole('row', { name: 'Final', exact: true })).toContainText(first!.team2!.name);
  const { match } = await api<{ match: Match }>(matchday, 'GET', `/api/matches/${first!.slug}`);
  expect(match.winnerId).toBe(first!.team2!.id);
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await page.screenshot({ path: 'test-results/admin-matches-phone.png', fullPage: true });
});
