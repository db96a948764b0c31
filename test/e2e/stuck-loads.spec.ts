import {
  adminApi,
  expect,
  failOnConsoleErrors,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

test('the dashboard names a load its server never fetched, and what to do about it', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await adminApi(url, 'PUT', '/api/settings', { autoAllocate: false });
  await adminApi(url, 'POST', '/api/servers', {
    id: 'lan-1',
    name: 'LAN 1',
    host: '127.0.0.1',
    port: 27015,
    rconPassword: 'rcon-secret-123',
  });
  for (const name of ['Red', 'Blue']) {
    await adminApi(url, 'POST', '/api/teams', { id: name.toLowerCase(), name });
  }
  const { match } = await adminApi(url, 'POST', '/api/matches', {
    team1Id: 'red',
    team2Id: 'blue',
    format: 'bo1',
    veto: false,
    maps: ['de_mirage'],
    label: 'Showmatch',
  });
  // Sent five minutes ago, never fetched (no game server runs here).
  const { repos, clock } = matchday.app.ctx;
  const sentAt = clock.now() - 300;
  await repos.matches.save({
    ...(await repos.matches.get(match.slug))!,
    status: 'loaded',
    serverId: 'lan-1',
    loadedAt: sentAt,
  });
  await repos.loads.insert({
    loadId: 'e2e-load',
    matchSlug: match.slug,
    serverId: 'lan-1',
    createdAt: sentAt,
  });

  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  const attention = page.getByRole('list', { name: 'Needs attention' });
  const item = attention.getByRole('listitem').filter({ hasText: 'has not fetched the config' });
  await expect(item).toContainText('LAN 1 has not fetched the config of Showmatch for 5 minutes');
  await expect(item).toContainText('“Restart match” sends it to the same server again');
  await expect(item.getByRole('link', { name: 'Open the match' })).toHaveAttribute(
    'href',
    `/admin/matches/${match.slug}`,
  );
  await saveScreenshot(page, 'dashboard-stuck-load-1366');
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'dashboard-stuck-load-360', { fullPage: true });
});
