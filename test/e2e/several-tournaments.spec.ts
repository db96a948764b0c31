import {
  adminApi,
  expect,
  failOnConsoleErrors,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

/** Two running cups of four teams each (teams a1..a4 and b1..b4), started through the API. */
async function twoRunningCups(url: string): Promise<{ main: number; side: number }> {
  const ids: Record<string, number> = {};
  for (const [key, name, prefix] of [
    ['main', 'Main Event', 'a'],
    ['side', 'Side Cup', 'b'],
  ] as const) {
    const teamIds: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const { team } = await adminApi(url, 'POST', '/api/teams', {
        id: `${prefix}${i}`,
        name: `${name} Team ${i}`,
        players: [
          {
            platformId: String(76561198000000000n + BigInt(prefix === 'a' ? i : 10 + i)),
            name: `${prefix}p${i}`,
          },
        ],
      });
      teamIds.push(team.id);
    }
    const { tournament } = await adminApi(url, 'POST', '/api/tournaments', {
      name,
      type: 'single_elimination',
      teamIds,
      settings: { veto: false, teamSize: 1 },
    });
    await adminApi(url, 'POST', `/api/tournaments/${tournament.id}/start`, { force: true });
    ids[key] = tournament.id;
  }
  return { main: ids.main!, side: ids.side! };
}

test('the home page lists every running tournament, and ?t= shows the one it names', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const { side } = await twoRunningCups(matchday.localUrl);

  for (const [width, height] of [
    [360, 780],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${matchday.localUrl}/`);
    // Without ?t= the page shows the primary (the first created).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Main Event');
    const running = page.getByRole('region', { name: 'Running tournaments' });
    await expect(running.getByRole('link', { name: 'Main Event' })).toBeVisible();
    await expect(running.getByRole('link', { name: 'Side Cup' })).toBeVisible();
    await noHorizontalOverflow(page, width);
    await saveScreenshot(page, `several-tournaments-home-${width}`, { fullPage: true });
  }

  await page
    .getByRole('region', { name: 'Running tournaments' })
    .getByRole('link', { name: 'Side Cup' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/\\?t=${side}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Side Cup');

  // The bracket of ?t= shows that tournament's teams and none of the other's.
  await page.goto(`${matchday.localUrl}/bracket?t=${side}`);
  await expect(page.getByText('Side Cup Team 1').first()).toBeVisible();
  await expect(page.getByText('Main Event Team 1')).toHaveCount(0);
});

test('the admin console switches the tournament it manages and creates another', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const { side } = await twoRunningCups(matchday.localUrl);
  await signInAsAdmin(page);
  await page.goto(`${matchday.localUrl}/admin/tournament`);
  const managing = page.getByLabel('Managing');
  await expect(managing.locator('option:checked')).toHaveText('Main Event');

  await managing.selectOption({ label: 'Side Cup' });
  await expect(managing.locator('option:checked')).toHaveText('Side Cup');
  await expect
    .poll(async () => (await adminApi(matchday.localUrl, 'GET', '/api/tournament')).tournament.id, {
      message: 'the side cup became the primary',
    })
    .toBe(side);

  await page.getByRole('button', { name: 'New tournament' }).click();
  await expect(managing.locator('option:checked')).toHaveText('Tournament 3');
  const { tournaments } = await adminApi(matchday.localUrl, 'GET', '/api/tournaments');
  expect(tournaments.map((item: { name: string }) => item.name)).toEqual([
    'Main Event',
    'Side Cup',
    'Tournament 3',
  ]);
});

test('the public menu and in-page links keep ?t= on the chosen tournament', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const { side } = await twoRunningCups(url);
  const onSide = new RegExp(`[?&]t=${side}(&|$)`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${url}/bracket?t=${side}`);
  await expect(page.getByText('Side Cup Team 1').first()).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Tournament pages' });

  await menu.getByRole('link', { name: 'Standings' }).click();
  await expect(page).toHaveURL(/\/standings\?/);
  await expect(page).toHaveURL(onSide);
  await expect(page.getByRole('link', { name: 'Side Cup Team 1' })).toBeVisible();
  await expect(page.getByText('Main Event Team 1')).toHaveCount(0);

  // A team's link in the table keeps it too, and the menu on that page.
  await page.getByRole('link', { name: 'Side Cup Team 1' }).click();
  await expect(page).toHaveURL(/\/teams\/b1\?/);
  await expect(page).toHaveURL(onSide);
  for (const name of ['Leaderboard', 'Stats', 'Sign in', 'Bracket']) {
    await expect(menu.getByRole('link', { name })).toHaveAttribute('href', onSide);
  }

  await menu.getByRole('link', { name: 'Bracket' }).click();
  await expect(page).toHaveURL(/\/bracket\?/);
  await expect(page).toHaveURL(onSide);
  // A match card leads to the match page of the same tournament.
  await page.locator('.match-card').first().click();
  await expect(page).toHaveURL(/\/matches\/[^?]+\?/);
  await expect(page).toHaveURL(onSide);
  await menu.getByRole('link', { name: 'Bracket' }).click();

  await page.getByRole('link', { name: 'Print' }).click();
  await expect(page).toHaveURL(/\/print\/bracket\?/);
  await expect(page).toHaveURL(onSide);
  await expect(page.getByRole('heading', { name: 'Side Cup', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'A3' }).click();
  await expect(page).toHaveURL(/paper=a3/);
  await expect(page).toHaveURL(onSide);
  await page.getByRole('link', { name: 'Back to the tournament' }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?t=${side}$`));

  // The brand link and the home page's own links, after a fresh load of what the links left in the address.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Side Cup');
  await expect(page.locator('.topbar .brand')).toHaveAttribute('href', onSide);
  await page.locator('.hero').getByRole('link', { name: 'Bracket' }).click();
  await expect(page).toHaveURL(onSide);
  await page.reload();
  await expect(page.getByText('Side Cup Team 1').first()).toBeVisible();
  await expect(page.getByText('Main Event Team 1')).toHaveCount(0);

  // On a phone the menu folds behind its button; its links keep ?t= as well.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${url}/stats?t=${side}`);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu.getByRole('link', { name: 'Bracket' })).toBeVisible();
  for (const name of ['Home', 'Bracket', 'Standings', 'Leaderboard', 'Stats']) {
    await expect(menu.getByRole('link', { name })).toHaveAttribute('href', onSide);
  }
  await saveScreenshot(page, 'several-tournaments-menu-360');
  await menu.getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(onSide);
  await expect(page.locator('.topbar .brand')).toHaveText('Side Cup');

  // Without ?t= the links name no tournament: the primary's pages, as before.
  await page.goto(`${url}/bracket`);
  await expect(page.locator('.topbar .brand')).toHaveText('Main Event');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu.getByRole('link', { name: 'Standings' })).toHaveAttribute('href', '/standings');
});

test('/screen shows each running tournament in turn, and ?t= pins one', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const { side } = await twoRunningCups(url);
  await page.setViewportSize({ width: 1920, height: 1080 });
  // Each tournament stays 5 seconds (?cycle=); its panels stay pinned to the bracket meanwhile.
  await page.goto(`${url}/screen?cycle=5&panel=bracket`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Main Event');
  await expect(page.getByText('Main Event Team 1').first()).toBeVisible();
  await expect(title, 'the side cup after the first turn').toHaveText('Side Cup', { timeout: 15_000 });
  await expect(page.getByText('Side Cup Team 1').first()).toBeVisible();
  await expect(page.getByText('Main Event Team 1')).toHaveCount(0);
  await saveScreenshot(page, 'several-tournaments-screen-side-1080p');
  await expect(title, 'the main event again after the second turn').toHaveText('Main Event', {
    timeout: 15_000,
  });

  await page.goto(`${url}/screen?cycle=5&panel=bracket&t=${side}`);
  await expect(title).toHaveText('Side Cup');
  await expect(page.getByText('Side Cup Team 1').first()).toBeVisible();
  // Pinned: still the side cup after more than a turn.
  await page.waitForTimeout(7_000);
  await expect(title).toHaveText('Side Cup');
  await expect(page.getByText('Main Event Team 1')).toHaveCount(0);
});
