import type { RunningServer } from '../../out/server/index.js';
import {
  adminApi,
  expect,
  failOnConsoleErrors,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';
import { signInWithTeamCode } from './player-sign-in.js';

const ALICE = '76561198000000001';

/** Two teams, a server and a match stored as loaded on it (no game server runs here). */
async function loadedMatch(matchday: RunningServer) {
  const url = matchday.localUrl;
  await adminApi(url, 'PUT', '/api/settings', { autoAllocate: false });
  await adminApi(url, 'POST', '/api/servers', {
    id: 'lan-1',
    name: 'LAN 1',
    host: '127.0.0.1',
    port: 27015,
    rconPassword: 'rcon-secret-123',
  });
  await adminApi(url, 'POST', '/api/teams', {
    id: 'red',
    name: 'Red',
    players: [{ platformId: ALICE, name: 'alice' }],
  });
  await adminApi(url, 'POST', '/api/teams', { id: 'blue', name: 'Blue' });
  const { match } = await adminApi(url, 'POST', '/api/matches', {
    team1Id: 'red',
    team2Id: 'blue',
    format: 'bo1',
    veto: false,
    maps: ['de_mirage'],
    label: 'Showmatch',
    teamSize: 1,
  });
  const { repos, clock } = matchday.app.ctx;
  await repos.matches.save({
    ...(await repos.matches.get(match.slug))!,
    status: 'loaded',
    serverId: 'lan-1',
    loadedAt: clock.now(),
  });
  matchday.app.ctx.live.matches(match.slug);
  return match as { slug: string; matchid: number };
}

test('the organiser handles a player’s call from the queue', async ({
  page,
  browser,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const { slug } = await loadedMatch(matchday);
  // Counts the chimes: each one opens an audio context.
  await page.addInitScript(() => {
    const Real = window.AudioContext;
    const counted = window as unknown as { chimes: number };
    counted.chimes = 0;
    window.AudioContext = class extends Real {
      constructor() {
        super();
        counted.chimes += 1;
      }
    };
  });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signInAsAdmin(page);
  const count = page.getByTestId('attention-count');
  await expect(count).toHaveText(/0/);

  // Alice, on her phone, calls an admin from /me.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const alicePage = await phone.newPage();
  failOnConsoleErrors(alicePage);
  const { team } = await adminApi(matchday.localUrl, 'GET', '/api/teams/red');
  await alicePage.goto(`${matchday.localUrl}/signin?next=/me`);
  await signInWithTeamCode(alicePage, { team: 'Red', player: 'alice', code: team.joinCode });
  const form = alicePage.getByRole('form', { name: 'Call an admin' });
  await form.getByLabel('What is wrong? (one line)').fill('Our mouse broke');
  await form.getByRole('button', { name: 'Call an admin' }).click();
  await expect(form.getByRole('status')).toHaveText('An admin has been called and will come to you.');
  await noHorizontalOverflow(alicePage, 360);
  await saveScreenshot(alicePage, 'me-call-admin-360', { fullPage: true });
  // A second call at once is refused.
  await form.getByLabel('What is wrong? (one line)').fill('Hello?');
  await form.getByRole('button', { name: 'Call an admin' }).click();
  await expect(form.getByRole('alert')).toContainText('less than 2 minutes ago');
  await phone.close();

  // The dashboard, never reloaded, shows the call in the queue and its server's tile turns red.
  await expect(count).toHaveText(/1/);
  const queue = page.getByRole('list', { name: 'Attention queue' });
  const call = queue.getByRole('listitem').filter({ hasText: 'Our mouse broke' });
  await expect(call).toContainText('A player calls an admin');
  await expect(call).toContainText('alice');
  await expect(call).toContainText('LAN 1');
  await expect(page.getByTestId('server-tile-lan-1')).toHaveAttribute('data-level', 'alert');
  expect(await page.evaluate(() => (window as unknown as { chimes: number }).chimes)).toBe(1);
  await saveScreenshot(page, 'dashboard-call-1920');

  // The sound can be muted, and stays muted after a reload.
  await page.getByRole('button', { name: 'Sound on' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sound off' })).toBeVisible();
  await expect(count).toHaveText(/1/);

  // One click to the list; "Seen" greys it, and the count drops.
  await count.click();
  await expect(page).toHaveURL(/\/admin\/attention$/);
  const item = page
    .getByRole('list', { name: 'Attention queue' })
    .getByRole('listitem')
    .filter({ hasText: 'Our mouse broke' });
  await item.getByRole('button', { name: 'Seen' }).click();
  await expect(item).toHaveClass(/attention-seen/);
  await expect(count).toHaveText(/0/);
  await saveScreenshot(page, 'attention-page-1920');
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'attention-page-360', { fullPage: true });

  // The match ends: the call leaves by itself.
  const { repos, clock } = matchday.app.ctx;
  await repos.matches.save({
    ...(await repos.matches.get(slug))!,
    status: 'completed',
    completedAt: clock.now(),
  });
  await matchday.app.services.attention.sweep();
  await expect(item).toHaveCount(0);
  await expect(page.getByText('The queue is empty.')).toBeVisible();
});

test('the dashboard tiles follow a match live', async ({ page, matchday, signInAsAdmin }) => {
  failOnConsoleErrors(page);
  const { slug, matchid } = await loadedMatch(matchday);
  const post = async (body: Record<string, unknown>) => {
    const res = await fetch(`${matchday.localUrl}/api/events/${slug}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Plugin-Token': matchday.app.ctx.serverToken },
      body: JSON.stringify({ matchid, ...body }),
    });
    expect(res.status).toBe(200);
  };
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signInAsAdmin(page);
  const tile = page.getByTestId('server-tile-lan-1');
  // No game server answers here: its setup failed, and the tile is red for it.
  await expect(tile).toHaveAttribute('data-level', 'alert');
  await expect(tile).toContainText('Warmup');
  await expect(tile).toContainText('Red vs Blue');
  await expect(tile.getByTestId('players-present')).toHaveText('0 of 10 players');

  await post({ player: { steamid: ALICE, name: 'alice' }, event: 'player_connect' });
  await expect(tile.getByTestId('players-present')).toHaveText('1 of 10 players');

  await post({ map_number: 0, event: 'going_live' });
  await expect(tile).toContainText('Live');
  await expect(tile).toContainText('de_mirage');
  const side = (score: number) => ({
    series_score: 0,
    score,
    score_ct: 0,
    score_t: 0,
    players: [],
    id: '',
    name: 'x',
  });
  await post({
    reason: 9,
    winner: { side: '2', team: 'team1' },
    team1: side(1),
    team2: side(0),
    round_time: 0,
    round_number: 1,
    map_number: 0,
    event: 'round_end',
  });
  await expect(tile.getByLabel('Round score')).toHaveText('1:0');

  // The server answers again: what is left is amber (9 of 10 players missing, then the pause).
  await matchday.app.ctx.repos.servers.patchPluginState('lan-1', { setupError: null });
  matchday.app.ctx.live.publish({ topic: 'server', serverId: 'lan-1', removed: false });
  await expect(tile).toHaveAttribute('data-level', 'warn');
  await post({ map_number: 0, is_admin: true, event: 'match_paused' });
  await expect(tile).toContainText('Paused');
  await expect(tile).toContainText(/for 0:0\d/);
  await saveScreenshot(page, 'dashboard-tiles-1920');
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'dashboard-tiles-360', { fullPage: true });
});
