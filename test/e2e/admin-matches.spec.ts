import { lan1PlayingOneMap, stopFakes } from './fake-lan.js';
import { adminApi, expect, failOnConsoleErrors, test } from './matchday.js';

test.afterEach(stopFakes);

const TEAMS = ['Alpha', 'Bravo', 'Charlie', 'Delta'];

test("the admin's match list: play order, state filter, server and state in words, a confirmed winner on a live row", async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await lan1PlayingOneMap(url, 2);
  for (const [i, name] of TEAMS.entries()) {
    await adminApi(url, 'POST', '/api/teams', {
      id: name.toLowerCase(),
      name,
      players: [0, 1].map((p) => ({
        platformId: String(76561198000000000n + BigInt(i * 10 + p)),
        name: `${name}${p}`,
      })),
    });
  }
  const manual = async (team1Id: string, team2Id: string, label: string, veto = false) =>
    (
      await adminApi(url, 'POST', '/api/matches', {
        team1Id,
        team2Id,
        format: 'bo1',
        veto,
        maps: veto ? undefined : ['de_mirage'],
        label,
        teamSize: 2,
      })
    ).match as { slug: string };
  // A walkover decided at once: completed. Then the one that gets the only server, and goes live.
  const walkover = await manual('bravo', 'delta', 'Walkover');
  await adminApi(url, 'POST', `/api/matches/${walkover.slug}/winner`, { winner: 'team1' });
  const live = await manual('alpha', 'bravo', 'Opening match');
  await expect
    .poll(async () => (await adminApi(url, 'GET', `/api/matches/${live.slug}`)).match.status, {
      message: 'the opening match live on LAN 1',
      timeout: 30_000,
    })
    .toBe('live');
  // No server left: this one waits in the queue; the last one waits for its veto.
  await manual('charlie', 'delta', 'Second match');
  await manual('alpha', 'charlie', 'Veto match', true);

  await signInAsAdmin(page);
  await page.goto(`${url}/admin/matches`);
  const table = page.getByRole('table', { name: 'Matches in play order' });
  const rows = table.getByRole('row');
  // The header, then the queue, the match on a server, the upcoming one, the completed one.
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1)).toHaveAccessibleName('Second match');
  await expect(rows.nth(2)).toHaveAccessibleName('Opening match');
  await expect(rows.nth(3)).toHaveAccessibleName('Veto match');
  await expect(rows.nth(4)).toHaveAccessibleName('Walkover');

  const row = (name: string) => table.getByRole('row', { name, exact: true });
  await expect(row('Second match')).toContainText('Waiting for a server (1st in the queue)');
  await expect(row('Opening match').getByRole('cell').nth(2)).toHaveText('LAN 1');
  await expect(row('Opening match').getByRole('cell').nth(3)).toHaveText(/^Live/);
  await expect(row('Veto match')).toContainText('Veto pending');
  await expect(row('Walkover').getByRole('cell').nth(4)).toHaveText('Bravo');

  // Filtered by state: only the live match.
  await page.getByLabel('State').selectOption({ label: 'Live' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toHaveAccessibleName('Opening match');

  // On the live row no "wins" button shows until asked for, and a pick must be confirmed.
  const opening = row('Opening match');
  await expect(opening.getByRole('button', { name: 'Alpha wins' })).toHaveCount(0);
  await opening.getByRole('button', { name: 'Choose winner…' }).click();
  await expect(opening.getByRole('note')).toContainText('choosing a winner ends it there');
  await opening.getByRole('button', { name: 'Alpha wins' }).click();
  expect((await adminApi(url, 'GET', `/api/matches/${live.slug}`)).match.status).toBe('live');
  await opening.getByRole('button', { name: 'Confirm: Alpha wins' }).click();
  await expect(page.getByText('Opening match: Alpha wins.')).toBeVisible();

  await page.getByLabel('State').selectOption({ label: 'Completed' });
  await expect(row('Opening match').getByRole('cell').nth(4)).toHaveText('Alpha');
  expect((await adminApi(url, 'GET', `/api/matches/${live.slug}`)).match).toMatchObject({
    status: 'completed',
    winnerId: 'alpha',
  });
});
