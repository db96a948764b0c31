import { FakeGameServer } from '../fakes/index.js';
import {
  adminApi,
  expect,
  failOnConsoleErrors,
  inGerman,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';
import { addLan1, RCON_PASSWORD } from './fake-lan.js';

const TEAMS = ['Alpha', 'Bravo', 'Charlie', 'Delta'];

/** The organiser decides every match before the grand final: team 1 (the better seed) wins each. */
async function decideAllButGrandFinal(url: string): Promise<void> {
  for (let guard = 0; guard < 10; guard++) {
    const { matches } = await adminApi(url, 'GET', '/api/tournament/bracket');
    const open = (
      matches as { slug: string; bracket: string; status: string; team1: unknown; team2: unknown }[]
    ).find((m) => m.bracket !== 'GF' && m.team1 && m.team2 && m.status !== 'completed');
    if (!open) {
      return;
    }
    await adminApi(url, 'POST', `/api/matches/${open.slug}/winner`, { winner: 'team1' });
  }
  throw new Error('matches before the grand final still open after 10 decisions');
}

/**
 * A 4-team double elimination whose grand final starts one map up for the upper-bracket team (decision 78):
 * the organiser decides every match before it, then a fake server plays the grand final's first map,
 * which Alpha (upper bracket) wins: champion 2 : 0 after one played map.
 */
async function grandFinalPlayed(url: string): Promise<{ slug: string; stop: () => Promise<void> }> {
  for (const [i, name] of TEAMS.entries()) {
    const players = [0, 1].map((p) => ({
      platformId: String(76561198000000000n + BigInt(i * 10 + p)),
      name: `${name}${p}`,
    }));
    await adminApi(url, 'POST', '/api/teams', {
      id: name.toLowerCase(),
      name,
      tag: name.slice(0, 3),
      players,
    });
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Advantage Cup',
    type: 'double_elimination',
    format: 'bo3',
    teamIds: TEAMS.map((n) => n.toLowerCase()),
    settings: {
      grandFinalMapAdvantage: true,
      veto: false,
      teamSize: 2,
      maxRounds: 4,
      mapPool: ['de_ancient', 'de_mirage', 'de_nuke'],
    },
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
  await decideAllButGrandFinal(url);
  const { matches } = await adminApi(url, 'GET', '/api/tournament/bracket');
  const final = (matches as { slug: string; bracket: string }[]).find((m) => m.bracket === 'GF')!;
  const fake = new FakeGameServer({
    password: RCON_PASSWORD,
    msPerGameSecond: 0.5,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    script: { maps: [{ score: [3, 1] }] },
  });
  await fake.start();
  await addLan1(url, fake);
  return { slug: final.slug, stop: () => fake.stop() };
}

test('the grand final lists the advantage map first: counted in the score, not played', async ({
  page,
  matchday,
}) => {
  test.setTimeout(120_000);
  failOnConsoleErrors(page);
  const { slug, stop } = await grandFinalPlayed(matchday.localUrl);
  try {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${matchday.localUrl}/matches/${slug}`);
    await expect(page.getByLabel('Series score')).toHaveText('2 : 0', { timeout: 60_000 });
    const rows = page.getByRole('region', { name: 'Maps' }).getByRole('row');
    // Header, the advantage map, the one map played.
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Advantage map');
    await expect(rows.nth(1)).toContainText('not played');
    await expect(rows.nth(1)).toContainText('Alpha starts one map up');
    await expect(rows.nth(1)).not.toContainText('0 : 0');
    await expect(rows.nth(2)).toContainText('Map 1: Ancient');
    await expect(rows.nth(2)).toContainText('3 : 1');
    await saveScreenshot(page, 'grand-final-advantage-1080p');

    await page.setViewportSize({ width: 360, height: 740 });
    await noHorizontalOverflow(page, 360);
    await saveScreenshot(page, 'grand-final-advantage-360', { fullPage: true });
  } finally {
    await stop();
  }
});

test('the same in German', async ({ page, matchday }) => {
  test.setTimeout(120_000);
  failOnConsoleErrors(page);
  const { slug, stop } = await grandFinalPlayed(matchday.localUrl);
  try {
    await inGerman(page);
    await page.goto(`${matchday.localUrl}/matches/${slug}`);
    await expect(page.getByLabel('Serienstand')).toHaveText('2 : 0', { timeout: 60_000 });
    const advantage = page.getByRole('region', { name: 'Maps' }).getByRole('row').nth(1);
    await expect(advantage).toContainText('Vorteils-Map');
    await expect(advantage).toContainText('Alpha startet mit einer Map Vorsprung');
  } finally {
    await stop();
  }
});

test('the organiser turns the advantage on where a double elimination plays one grand final', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  for (const name of TEAMS) {
    await adminApi(url, 'POST', '/api/teams', { id: name.toLowerCase(), name, tag: name.slice(0, 3) });
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Advantage Cup',
    type: 'double_elimination',
    format: 'bo3',
    teamIds: TEAMS.map((n) => n.toLowerCase()),
    settings: { grandFinalMode: 'double' },
  });
  await signInAsAdmin(page);
  await page.goto(`${url}/admin/tournament`);
  const setup = page.getByRole('form', { name: 'Tournament setup' });
  const advantage = setup.getByLabel('The upper-bracket team starts the grand final one map up');
  // A bracket reset already is the upper team's edge: not offered.
  await expect(advantage).toHaveCount(0);
  await setup.getByLabel('Grand final', { exact: true }).selectOption('simple');
  await advantage.check();
  await setup.getByRole('button', { name: 'Save changes' }).click();
  await expect
    .poll(
      async () => (await adminApi(url, 'GET', '/api/tournament')).tournament.settings.grandFinalMapAdvantage,
      {
        message: 'the saved grand-final map advantage',
      },
    )
    .toBe(true);
});

test('the veto board of the grand final says the decider is not played', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  for (const name of TEAMS) {
    await adminApi(url, 'POST', '/api/teams', { id: name.toLowerCase(), name, tag: name.slice(0, 3) });
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Advantage Cup',
    type: 'double_elimination',
    format: 'bo3',
    teamIds: TEAMS.map((n) => n.toLowerCase()),
    settings: { grandFinalMapAdvantage: true },
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
  await decideAllButGrandFinal(url);
  const { matches } = await adminApi(url, 'GET', '/api/tournament/bracket');
  const final = (matches as { slug: string; bracket: string }[]).find((m) => m.bracket === 'GF')!;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${url}/veto/${final.slug}`);
  await expect(page.getByText('Grand-final advantage: Alpha starts one map up.')).toBeVisible();
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'grand-final-advantage-veto-360', { fullPage: true });
});
