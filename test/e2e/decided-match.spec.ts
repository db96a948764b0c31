import { adminApi, expect, failOnConsoleErrors, saveScreenshot, test, inGerman } from './matchday.js';

/** Two teams and a bo3 with a veto still to do, then the organiser decides it before a map is played. */
async function decidedMatch(url: string): Promise<string> {
  for (const [i, name] of ['Alpha', 'Bravo'].entries()) {
    await adminApi(url, 'POST', '/api/teams', {
      id: name.toLowerCase(),
      name,
      players: [0, 1].map((p) => ({
        platformId: String(76561198000000000n + BigInt(i * 10 + p)),
        name: `${name}${p}`,
      })),
    });
  }
  const { match } = await adminApi(url, 'POST', '/api/matches', {
    team1Id: 'alpha',
    team2Id: 'bravo',
    format: 'bo3',
    veto: true,
    label: 'Semi-final',
    teamSize: 2,
  });
  await adminApi(url, 'POST', `/api/matches/${match.slug}/winner`, { winner: 'team2' });
  return match.slug as string;
}

test('a match decided without a map says who won and how, not 0 : 0 and a map pool to play', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const slug = await decidedMatch(matchday.localUrl);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${matchday.localUrl}/matches/${slug}`);

  await expect(page.getByLabel('Series score')).toHaveText('Decided');
  const maps = page.getByRole('region', { name: 'Maps' });
  await expect(maps).toContainText('No map played: the organiser decided that Bravo won.');
  await expect(maps).not.toContainText('To play');
  await expect(maps.getByRole('table')).toHaveCount(0);
  await saveScreenshot(page, 'match-decided-360', { fullPage: true });
});

test('the same in German', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  const slug = await decidedMatch(matchday.localUrl);
  await inGerman(page);
  await page.goto(`${matchday.localUrl}/matches/${slug}`);

  await expect(page.getByLabel('Serienstand')).toHaveText('Entschieden');
  await expect(page.getByRole('region', { name: 'Maps' })).toContainText(
    'Keine Map gespielt: Die Turnierleitung hat Bravo zum Sieger erklärt.',
  );
});
