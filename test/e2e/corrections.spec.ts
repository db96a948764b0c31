import { adminApi, expect, failOnConsoleErrors, test } from './matchday.js';

test('the match window corrects a result: preview, 409 with its blockers, force, then the log', async ({
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
      players: [{ platformId: String(76561198400000000n + BigInt(i)), name: `${id}0` }],
    });
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Correction Cup',
    type: 'single_elimination',
    teamIds,
    settings: { veto: false },
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
  for (const slug of ['r1-m1', 'r1-m2', 'final']) {
    await adminApi(url, 'POST', `/api/matches/${slug}/winner`, { winner: 'team1' });
  }

  await signInAsAdmin(page);
  await page.goto(`${url}/admin/matches/r1-m1`);
  const panel = page.getByRole('region', { name: 'Correct result' });
  await panel.getByRole('radio', { name: 'Delta' }).check();
  await expect(panel.getByLabel('What the correction changes')).toContainText(
    'Already started, will block the correction: Final (completed)',
  );
  // Force is offered only once the server has refused.
  await expect(panel.getByRole('button', { name: /Force/ })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Correct result' }).click();
  await expect(panel.getByRole('alert')).toContainText('Final is completed');
  await panel.getByRole('button', { name: 'Force: reset them and correct' }).click();
  // Four teams: R1 M1 is the first semi-final, and the console names it so.
  await expect(page.getByText(/Semi-final 1 corrected\. .*Reset: final/)).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Corrections' })
    .click();
  const log = page.getByRole('region', { name: 'Corrections' });
  await expect(log.getByRole('row', { name: /Semi-final 1/ })).toContainText('final (forced)');
});
