import { startFake, RCON_PASSWORD, stopFakes } from './fake-lan.js';
import {
  adminApi,
  expect,
  failOnConsoleErrors,
  inGerman,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

test.afterEach(stopFakes);

/** Alpha v Bravo on stage, then a server tagged stage: it loads the match and holds it in warmup. */
async function stageMatchInWarmup(url: string): Promise<string> {
  for (const [id, name, tag, first] of [
    ['alpha', 'Alpha', 'ALP', 1],
    ['bravo', 'Bravo', 'BRV', 6],
  ] as const) {
    const players = [0, 1].map((i) => ({
      platformId: String(76561198000000000n + BigInt(first + i)),
      name: `${id}${i}`,
    }));
    await adminApi(url, 'POST', '/api/teams', { id, name, tag, players });
  }
  const { match } = await adminApi(url, 'POST', '/api/matches', {
    team1Id: 'alpha',
    team2Id: 'bravo',
    format: 'bo1',
    veto: false,
    maps: ['de_mirage'],
    teamSize: 2,
  });
  await adminApi(url, 'PUT', `/api/matches/${match.slug}/stage`, { onStage: true });
  const fake = await startFake({
    seed: 3,
    pace: { round: [100, 100], playerConnect: 1, playerReady: 1 },
    maps: [{ score: [13, 9] }],
  });
  await adminApi(url, 'POST', '/api/servers', {
    id: 'stage-pc',
    name: 'Stage PC',
    host: '127.0.0.1',
    port: fake.rconPort,
    rconPassword: RCON_PASSWORD,
    tags: ['stage'],
  });
  return match.slug as string;
}

test('casters see the stage queue, the match held in warmup, and press Go', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const slug = await stageMatchInWarmup(matchday.localUrl);
  await signInAsAdmin(page);
  await page.goto(`${matchday.localUrl}/stage`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stage queue');
  const item = page.getByTestId('stage-match');
  await expect(item).toContainText('Alpha – Bravo');
  await expect(item).toContainText('In warmup, waiting for Go', { timeout: 20_000 });
  // The teams once: a manual match's default label "Alpha vs Bravo" would only repeat them.
  await expect(item).not.toContainText('Alpha vs Bravo');

  await page.setViewportSize({ width: 1920, height: 1080 });
  await saveScreenshot(page, 'stage-queue-1080p', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'stage-queue-phone', { fullPage: true });

  // The projector's stage panel lists it too.
  const screen = await page.context().newPage();
  await screen.setViewportSize({ width: 1920, height: 1080 });
  await screen.goto(`${matchday.localUrl}/screen?panel=stage`);
  await expect(screen.getByRole('heading', { name: 'On stage' })).toBeVisible();
  // Held in warmup it waits for Go, not "being played".
  const row = screen.locator(`[data-slug="${slug}"]`);
  await expect(row).toContainText('Alpha');
  await expect(row).toContainText('In warmup, waiting for Go');
  await expect(screen.getByText('Nothing is waiting. Playing now:')).toBeHidden();
  await saveScreenshot(screen, 'screen-stage-1080p');
  await screen.close();

  await item.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByText(/^Started: /)).toBeVisible();
  await expect
    .poll(async () => (await adminApi(matchday.localUrl, 'GET', `/api/matches/${slug}`)).match.status, {
      message: 'the stage match to go live after Go',
    })
    .toMatch(/live|completed/);
});

test('in German: the empty stage queue', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  await inGerman(page);
  await page.goto(`${matchday.localUrl}/stage`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bühnen-Warteschlange');
  await expect(page.getByText('Kein Spiel ist auf der Bühne.')).toBeVisible();
});
