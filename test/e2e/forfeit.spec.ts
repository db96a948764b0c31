import {
  adminApi,
  expect,
  failOnConsoleErrors,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

test('the organiser forfeits a match from the match window; the bracket shows the walkover and a withdrawn team', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const teamIds = ['alpha', 'bravo', 'charlie', 'delta'];
  for (const [i, id] of teamIds.entries()) {
    await adminApi(url, 'POST', '/api/teams', {
      id,
      name: id[0]!.toUpperCase() + id.slice(1),
      players: [{ platformId: String(76561198500000000n + BigInt(i)), name: `${id}0` }],
    });
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Walkover Cup',
    type: 'single_elimination',
    teamIds,
    settings: { veto: false },
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });

  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${url}/admin/matches/r1-m1`);
  const panel = page.getByRole('region', { name: 'Forfeit' });
  const match = (await (await fetch(`${url}/api/matches/r1-m1`)).json()) as {
    match: { team1: { name: string }; team2: { name: string } };
  };
  const { team1, team2 } = match.match;
  await panel.getByRole('radio', { name: team2.name }).check();
  // No reason, no forfeit.
  await expect(panel.getByRole('button', { name: 'Forfeit' })).toBeDisabled();
  await panel.getByLabel('Reason').fill('not on the server after 15 minutes');
  await saveScreenshot(page, 'match-window-forfeit-1920', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await noHorizontalOverflow(page, 360);
  await panel.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'match-window-forfeit-360');
  await panel.getByRole('button', { name: 'Forfeit' }).click();
  await panel.getByRole('button', { name: `Confirm: ${team2.name} forfeits` }).click();
  await expect(page.getByText(`${team2.name} forfeited; ${team1.name} goes through.`)).toBeVisible();
  await expect(page.getByTestId('match-status')).toHaveText('Completed');
  await expect(page.getByTestId('forfeit-note')).toHaveText(
    `Forfeited by ${team2.name}: “not on the server after 15 minutes”`,
  );
  await expect(page.getByRole('region', { name: 'Forfeit' })).toHaveCount(0);

  // The team that went through leaves the tournament: its final will be a walkover too.
  await page.goto(`${url}/admin/tournament`);
  const withdraw = page.getByRole('region', { name: 'Withdraw a team' });
  await withdraw.getByLabel('Team').selectOption({ label: team1.name });
  await withdraw.getByLabel('Reason').fill('bus home');
  await withdraw.scrollIntoViewIfNeeded();
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'tournament-withdraw-360');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await withdraw.getByRole('button', { name: `Confirm: withdraw ${team1.name}` }).click();
  await expect(page.getByText(`${team1.name} withdrew; 0 matches were given as walkovers.`)).toBeVisible();
  await expect(withdraw.getByRole('list', { name: 'Withdrawn teams' })).toHaveText(`${team1.name}: bus home`);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${url}/bracket`);
  const semi = page.locator('.match-card[data-slug="r1-m1"]');
  await expect(semi.locator('.mc-team.won .mc-score')).toHaveText('W');
  await expect(semi.locator('.mc-team.lost .mc-score')).toHaveText('L');
  await expect(page.locator('.match-card[data-slug="final"]')).toContainText('withdrawn');
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'bracket-withdrawn-360', { fullPage: true });
  await page.goto(`${url}/matches/r1-m1`);
  await expect(page.getByText('Walkover – a team forfeited')).toBeVisible();
  await expect(
    page.getByText(`No map played: ${team1.name} won by walkover, ${team2.name} forfeited.`),
  ).toBeVisible();
});
