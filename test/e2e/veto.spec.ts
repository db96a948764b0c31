import type { Browser, BrowserContext, Page } from '@playwright/test';
import { FakeGameServer } from '../fakes/index.js';
import { adminApi, expect, failOnConsoleErrors, saveScreenshot, test } from './matchday.js';
import { signInWithTeamCode, type SignInLanguage } from './player-sign-in.js';

const POOL = ['de_ancient', 'de_anubis', 'de_dust2', 'de_inferno', 'de_mirage', 'de_nuke', 'de_overpass'];
const ALPHA_PLAYER = { platformId: '76561198000000201', name: 'alpha_one' };
const BRAVO_PLAYER = { platformId: '76561198000000301', name: 'bravo_one' };

const fakes: FakeGameServer[] = [];
const contexts: BrowserContext[] = [];
// Before Matchday stops: a page left open would log its live stream's refused reconnects.
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await Promise.all(fakes.splice(0).map((f) => f.stop()));
});

/**
 * A player signs in on the sign-in page with the team's join code, in a browser of their own; `lang`
 * is the language they chose with the switcher before (remembered by the browser).
 */
async function playerPage(
  browser: Browser,
  url: string,
  team: string,
  player: string,
  code: string,
  lang: SignInLanguage = 'en',
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  contexts.push(context);
  await context.addInitScript((l) => localStorage.setItem('matchday.lang', l), lang);
  const page = await context.newPage();
  failOnConsoleErrors(page);
  await page.goto(`${url}/signin`);
  await signInWithTeamCode(page, { team, player, code, lang });
  return page;
}

/** Teams Alpha and Bravo of one player each; answers a team's join code. */
async function alphaAndBravo(url: string): Promise<(id: string) => Promise<string>> {
  for (const [id, name, player] of [
    ['alpha', 'Alpha', ALPHA_PLAYER],
    ['bravo', 'Bravo', BRAVO_PLAYER],
  ] as const) {
    await adminApi(url, 'POST', '/api/teams', { id, name, players: [player] });
  }
  return async (id) => (await adminApi(url, 'GET', `/api/teams/${id}`)).team.joinCode as string;
}

const turn = (page: Page) => page.locator('.veto-turn');

test('two players do a bo3 veto from their phones; a refused action shows its error above the board', async ({
  browser,
  matchday,
}) => {
  const url = matchday.localUrl;
  const codeOf = await alphaAndBravo(url);
  const { match } = await adminApi(url, 'POST', '/api/matches', {
    team1Id: 'alpha',
    team2Id: 'bravo',
    format: 'bo3',
    veto: true,
    maps: POOL,
    teamSize: 1,
  });

  // A visitor who has not signed in is asked to, and gets no veto buttons.
  const visitorContext = await browser.newContext();
  contexts.push(visitorContext);
  const visitor = await visitorContext.newPage();
  failOnConsoleErrors(visitor);
  await visitor.goto(`${url}/me`);
  await expect(visitor.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await visitor.goto(`${url}/veto/${match.slug}`);
  await expect(turn(visitor)).toContainText('Waiting for Alpha to ban a map.');
  await expect(visitor.getByText('to ban and pick for your team')).toBeVisible();
  await expect(visitor.getByRole('button', { name: /^Ban / })).toHaveCount(0);
  await visitorContext.close();

  const alpha = await playerPage(browser, url, 'Alpha', ALPHA_PLAYER.name, await codeOf('alpha'));
  await expect(alpha.getByRole('link', { name: 'Go to the map veto' })).toBeVisible();
  await alpha.getByRole('link', { name: 'Go to the map veto' }).click();
  await expect(turn(alpha)).toContainText('Your turn: ban a map.');

  const bravo = await playerPage(browser, url, 'Bravo', BRAVO_PLAYER.name, await codeOf('bravo'));
  await bravo.goto(`${url}/veto/${match.slug}`);
  await expect(turn(bravo)).toContainText('Waiting for Alpha to ban a map.');
  await expect(bravo.getByRole('button', { name: /^Ban / })).toHaveCount(0);

  // A second tab of Alpha's that hears nothing live: its board goes stale.
  const stale = await alpha.context().newPage();
  await stale.route('**/api/live', (route) =>
    route.fulfill({ status: 204, contentType: 'text/event-stream', body: '' }),
  );
  await stale.goto(`${url}/veto/${match.slug}`);
  await expect(turn(stale)).toContainText('Your turn: ban a map.');

  await alpha.getByRole('button', { name: 'Ban Nuke' }).click();
  // Bravo's board follows without a reload.
  await expect(turn(bravo)).toContainText('Your turn: ban a map.');
  await expect(
    bravo.getByRole('list', { name: 'Map pool' }).getByRole('listitem').filter({ hasText: 'Nuke' }),
  ).toContainText('Banned by Alpha');
  await expect(turn(alpha)).toContainText('Waiting for Bravo to ban a map.');

  // The stale tab still offers a ban: the server refuses it, and the reason is shown above the board.
  await stale.getByRole('button', { name: 'Ban Dust II' }).click();
  const refused = stale.getByRole('alert');
  await expect(refused).toContainText('The veto moved on since version 0');
  expect(
    await refused.evaluate((alert) => {
      const board = document.querySelector('.veto-pool')!;
      return alert.getBoundingClientRect().bottom <= board.getBoundingClientRect().top;
    }),
  ).toBe(true);
  await expect(turn(stale)).toContainText('Waiting for Bravo to ban a map.');
  await stale.screenshot({ path: 'test-results/veto-refused.png' });
  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refused).toHaveCount(0);
  await stale.close();

  await bravo.getByRole('button', { name: 'Ban Ancient' }).click();
  await expect(turn(alpha)).toContainText('Your turn: pick a map.');
  // The board on a small phone, pick buttons showing: nothing sticks out sideways.
  await alpha.setViewportSize({ width: 360, height: 740 });
  expect(await alpha.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await alpha.screenshot({ path: 'test-results/veto-board-360.png', fullPage: true });
  await alpha.getByRole('button', { name: 'Pick Mirage' }).click();
  await expect(turn(bravo)).toContainText('Your turn: choose a starting side on Mirage.');
  await bravo.getByRole('button', { name: 'Start as T' }).click();
  await expect(turn(bravo)).toContainText('Your turn: pick a map.');
  await bravo.getByRole('button', { name: 'Pick Inferno' }).click();
  await alpha.getByRole('button', { name: 'Start as CT' }).click();
  await bravo.getByRole('button', { name: 'Ban Anubis' }).click();
  await alpha.getByRole('button', { name: 'Ban Overpass' }).click();
  await expect(turn(bravo)).toContainText('Your turn: choose a starting side on Dust II.');
  await bravo.getByRole('button', { name: 'Start as CT' }).click();

  for (const page of [alpha, bravo]) {
    await expect(turn(page)).toContainText('The veto is done.');
    const result = page.getByRole('region', { name: 'Maps to play' });
    await expect(result.getByRole('listitem')).toHaveText([
      /Mirage.*picked by Alpha.*Alpha starts CT/,
      /Inferno.*picked by Bravo.*Alpha starts CT/,
      /Dust II.*decider.*Alpha starts T/,
    ]);
  }
  expect(await alpha.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await alpha.screenshot({ path: 'test-results/veto-result-360.png', fullPage: true });

  // My match: waiting for a server, then how to join once a server has it.
  await alpha.getByRole('link', { name: 'My match' }).first().click();
  await expect(alpha.getByRole('status').filter({ hasText: 'Waiting for a server' })).toContainText(
    'number 1 in the queue',
  );
  const fake = new FakeGameServer({
    password: 'rcon-password-veto',
    msPerGameSecond: 1000,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    script: { seed: 1, pace: { playerConnect: 100_000 } },
  });
  fakes.push(fake);
  await fake.start();
  await adminApi(url, 'POST', '/api/servers', {
    id: 'lan-1',
    name: 'LAN 1',
    host: '127.0.0.1',
    port: fake.rconPort,
    rconPassword: 'rcon-password-veto',
    serverPassword: 'letmein',
  });
  const connect = `connect 127.0.0.1:${fake.rconPort}; password letmein`;
  await expect(alpha.getByTestId('connect-line')).toHaveText(connect);
  await alpha.screenshot({ path: 'test-results/my-match-phone.png', fullPage: true });
  await alpha.getByRole('button', { name: 'Copy connect command' }).click();
  await expect(alpha.getByText('Connect command copied.')).toBeVisible();
  expect(await alpha.evaluate(() => navigator.clipboard.readText())).toBe(connect);

  // The public match page: the connect line for its players, the veto as it went, both rosters.
  await alpha.goto(`${url}/matches/${match.slug}`);
  await expect(alpha.getByRole('region', { name: 'Join the server' })).toContainText('password letmein');
  await expect(alpha.getByRole('region', { name: 'Veto' })).toContainText('Alpha: map ban Nuke');
  await expect(alpha.getByRole('region', { name: 'Rosters' })).toContainText(BRAVO_PLAYER.name);
  // On a phone the bar's links are behind its menu.
  await alpha.getByRole('button', { name: 'Menu' }).click();
  await alpha
    .getByRole('navigation', { name: 'Tournament pages' })
    .getByRole('link', { name: 'My match' })
    .click();

  // The profile keeps the player's chat id.
  const profile = alpha.getByRole('form', { name: 'Profile' });
  await profile.getByLabel(/Chat id/).fill('x'.repeat(65));
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByRole('alert')).toContainText('chatId');
  await profile.getByLabel(/Chat id/).fill('alpha#1234');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByRole('status')).toHaveText('Chat id saved.');
  const saved = await adminApi(url, 'GET', `/api/players/${ALPHA_PLAYER.platformId}`);
  expect(saved.player.chatId).toBe('alpha#1234');
});

test('German players sign in, do a bo1 veto and read their match in German', async ({
  browser,
  matchday,
}) => {
  const url = matchday.localUrl;
  const codeOf = await alphaAndBravo(url);
  const { match } = await adminApi(url, 'POST', '/api/matches', {
    team1Id: 'alpha',
    team2Id: 'bravo',
    format: 'bo1',
    veto: true,
    maps: POOL,
    teamSize: 1,
  });

  const alpha = await playerPage(browser, url, 'Alpha', ALPHA_PLAYER.name, await codeOf('alpha'), 'de');
  await expect(alpha.locator('html')).toHaveAttribute('lang', 'de');
  await expect(alpha.getByRole('heading', { name: 'Mein Match', level: 1 })).toBeVisible();
  await alpha.getByRole('link', { name: 'Zum Map-Veto' }).click();
  await expect(alpha.getByText('BO1-Map-Veto')).toBeVisible();
  await expect(turn(alpha)).toContainText('Du bist dran: Banne eine Map. Schritt 1 von 7');
  const bravo = await playerPage(browser, url, 'Bravo', BRAVO_PLAYER.name, await codeOf('bravo'), 'de');
  await bravo.goto(`${url}/veto/${match.slug}`);
  await expect(turn(bravo)).toContainText('Warte, bis Alpha eine Map bannt.');

  await alpha.getByRole('button', { name: 'Nuke bannen' }).click();
  await expect(
    bravo.getByRole('list', { name: 'Map-Pool' }).getByRole('listitem').filter({ hasText: 'Nuke' }),
  ).toContainText('Gebannt von Alpha');
  await alpha.getByRole('button', { name: 'Ancient bannen' }).click();
  for (const map of ['Anubis', 'Inferno', 'Overpass']) {
    await bravo.getByRole('button', { name: `${map} bannen` }).click();
  }
  await alpha.setViewportSize({ width: 360, height: 740 });
  await alpha.getByRole('button', { name: 'Dust II bannen' }).click();
  await expect(turn(alpha)).toContainText('Warte, bis Bravo die Startseite auf Mirage wählt.');
  await expect(turn(bravo)).toContainText('Du bist dran: Wähle eure Startseite auf Mirage.');
  await bravo
    .getByRole('region', { name: 'Seite wählen' })
    .getByRole('button', { name: 'Als T starten' })
    .click();

  await expect(turn(alpha)).toHaveText('Das Veto ist fertig.');
  await expect(
    alpha.getByRole('region', { name: 'Diese Maps werden gespielt' }).getByRole('listitem'),
  ).toHaveText([/Mirage.*Decider.*Alpha startet als CT/]);
  await expect(alpha.getByRole('region', { name: 'Verlauf' })).toBeVisible();
  expect(await alpha.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await saveScreenshot(alpha, 'veto-de-360', { fullPage: true });

  await alpha.getByRole('link', { name: 'Mein Match' }).first().click();
  await expect(alpha.getByRole('status').filter({ hasText: 'Wartet auf einen Server' })).toContainText(
    'Platz 1 in der Warteschlange',
  );
  // The API's display status, in German too.
  await expect(alpha.getByText('Status:')).toHaveText('Status: Wartet auf Server');
  const profile = alpha.getByRole('form', { name: 'Profil' });
  await profile.getByLabel(/Chat-ID/).fill('x'.repeat(65));
  await profile.getByRole('button', { name: 'Speichern' }).click();
  // The API's English message becomes the German text for its code.
  await expect(profile.getByRole('alert')).toHaveText('Einige Felder sind ungültig.');
  await profile.getByLabel(/Chat-ID/).fill('alpha#1234');
  await profile.getByRole('button', { name: 'Speichern' }).click();
  await expect(profile.getByRole('status')).toHaveText('Chat-ID gespeichert.');
  expect(await alpha.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await saveScreenshot(alpha, 'me-de-360', { fullPage: true });
});
