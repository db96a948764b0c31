import fs from 'node:fs';
import type { Download } from '@playwright/test';
import {
  adminApi,
  expect,
  failOnConsoleErrors,
  inGerman,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';
import { alphaBravoBo1, serverAndTeams, stopFakes } from './fake-lan.js';

test.afterEach(stopFakes);

/** A 4-team single elimination played to its champion by the admin's decisions. */
async function finishedCup(url: string): Promise<void> {
  const teamIds: string[] = [];
  for (let i = 1; i <= 4; i++) {
    const { team } = await adminApi(url, 'POST', '/api/teams', { name: `Team ${i}`, tag: `T${i}` });
    teamIds.push(team.id);
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Winter LAN',
    type: 'single_elimination',
    format: 'bo1',
    teamIds,
    settings: { veto: false },
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
  for (let decided = 0; decided < 3; decided++) {
    const { matches } = await adminApi(url, 'GET', '/api/matches');
    const open = (matches as { slug: string; team1: unknown; team2: unknown; status: string }[]).find(
      (m) => m.team1 && m.team2 && m.status !== 'completed',
    )!;
    await adminApi(url, 'POST', `/api/matches/${open.slug}/winner`, { winner: 'team1' });
  }
}

const text = (download: Download) => download.path().then((file) => fs.readFileSync(file, 'utf8'));

test('an organiser downloads the exports from the tournament page; /standings and /stats link them', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await finishedCup(url);
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${url}/admin/tournament`);
  const exports = page.getByRole('region', { name: 'Exports' });
  await expect(exports.getByRole('link')).toHaveText([
    'Results (CSV)',
    'Standings (CSV)',
    'Player statistics (CSV)',
    'Whole event (JSON)',
  ]);
  const [results] = await Promise.all([
    page.waitForEvent('download'),
    exports.getByRole('link', { name: 'Results (CSV)' }).click(),
  ]);
  expect(results.suggestedFilename()).toBe('winter-lan-results.csv');
  const csv = await text(results);
  expect(csv.startsWith('\uFEFFstage,group,round,match,team1,team2')).toBe(true);
  // Three decided matches, the final won by its team 1.
  expect(csv.trim().split('\r\n')).toHaveLength(4);
  await exports.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'exports-admin-1080p');
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await exports.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'exports-admin-360');

  await page.goto(`${url}/standings`);
  const downloads = page.getByRole('navigation', { name: 'Download' });
  await expect(downloads.getByRole('link')).toHaveText([
    'Standings (CSV)',
    'Results (CSV)',
    'Whole event (JSON)',
  ]);
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    downloads.getByRole('link', { name: 'Whole event (JSON)' }).click(),
  ]);
  expect(json.suggestedFilename()).toBe('winter-lan-export.json');
  const event = JSON.parse(await text(json));
  expect(event.tournament).toMatchObject({ name: 'Winter LAN', status: 'completed' });
  expect(event.standings[0]).toMatchObject({ rank: 1 });
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'exports-standings-360', { fullPage: true });

  await page.goto(`${url}/stats`);
  // No map was played on a server: the statistics table is empty and offers nothing to download.
  await expect(page.getByText('No map has been played yet.')).toBeVisible();
});

test('in German the download links are translated', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await finishedCup(url);
  await inGerman(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${url}/standings`);
  const downloads = page.getByRole('navigation', { name: 'Herunterladen' });
  await expect(downloads.getByRole('link')).toHaveText([
    'Tabelle (CSV)',
    'Ergebnisse (CSV)',
    'Ganzes Event (JSON)',
  ]);
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'exports-standings-de-360', { fullPage: true });
});

test("an admin copies a live match for the casters' HUD manager from the match page", async ({
  page,
  context,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  await serverAndTeams(url);
  const match = await alphaBravoBo1(url);
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${url}/matches/${match.slug}`);
  const spectate = page.getByRole('region', { name: 'Spectate' });
  await spectate.getByRole('button', { name: 'Copy for the HUD manager' }).click({ timeout: 20_000 });
  await expect(page.getByText('Copied: teams, players, veto and scores')).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.format).toBe('lexogrine-hud-manager');
  expect(copied.teams.map((t: { name: string }) => t.name)).toEqual(['Alpha', 'Bravo']);
  expect(copied.players).toHaveLength(4);
  expect(copied.match).toMatchObject({ id: match.slug, left: { id: 'alpha' }, right: { id: 'bravo' } });
  await expect(spectate.getByRole('link', { name: 'Open as JSON' })).toHaveAttribute(
    'href',
    `/api/matches/${match.slug}/hud`,
  );
  await saveScreenshot(page, 'hud-copy-1080p', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'hud-copy-360', { fullPage: true });
});
