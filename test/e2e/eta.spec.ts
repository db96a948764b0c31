import { adminApi, expect, failOnConsoleErrors, test } from './matchday.js';

/** An enabled server Matchday cannot reach: it never frees, so the queue stays as it is. */
const unreachableServer = (id: string) => ({
  id,
  name: id,
  host: '127.0.0.1',
  port: 9,
  rconPassword: 'rcon-password-eta',
});

test('the match page shows when a waiting match should start, and follows the live estimate', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const teamIds: string[] = [];
  for (const n of [1, 2, 3, 4]) {
    const { team } = await adminApi(url, 'POST', '/api/teams', { name: `ETA Team ${n}`, tag: `E${n}` });
    teamIds.push(team.id);
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'ETA LAN',
    type: 'single_elimination',
    format: 'bo1',
    teamIds,
    settings: { veto: false },
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
  await adminApi(url, 'POST', '/api/servers', unreachableServer('lan-1'));
  const { matches } = await adminApi(url, 'GET', '/api/matches');
  const second = matches.find((m: { eta: { position: number } | null }) => m.eta?.position === 2);

  await page.goto(`${url}/matches/${encodeURIComponent(second.slug)}`);
  // One server: the second match waits for the first's default 40 minutes.
  await expect(page.getByTestId('match-eta')).toHaveText('Expected to start: about 40 min');

  // A second server: the live stream carries the new estimate.
  await adminApi(url, 'POST', '/api/servers', unreachableServer('lan-2'));
  await expect(page.getByTestId('match-eta')).toHaveText('Expected to start: about 0 min');
});
