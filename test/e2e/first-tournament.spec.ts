import type { Page } from '@playwright/test';
import { FakeGameServer } from '../fakes/index.js';
import {
  expect,
  failOnConsoleErrors,
  inGerman,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

const RCON_PASSWORD = 'rcon-password-e2e';

/** Eight teams of two as an organiser's spreadsheet export: one row per player. */
function teamsCsv(): string {
  const rows = ['team,tag,platformId,player'];
  for (let t = 1; t <= 8; t++) {
    for (let p = 1; p <= 2; p++) {
      rows.push(`Team ${t},T${t},${76561198000000000n + BigInt(t * 10 + p)},t${t}p${p}`);
    }
  }
  return rows.join('\n');
}

/** Marks the document: the mark survives only if the page never reloads. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

const fakes: FakeGameServer[] = [];
test.afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.stop()));
});

test("an organiser's first tournament: import, servers, wizard, simulation, a live bracket to a champion", async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  for (let i = 0; i < 2; i++) {
    const fake = new FakeGameServer({
      password: RCON_PASSWORD,
      msPerGameSecond: 0.02,
      bootstrapDebounceMs: 20,
      serverHealthIntervalSeconds: 0,
      demoSizeBytes: 64 * 1024,
      // One server runs MatchZy-Enhanced 1.4.21, the other Auto Tournament CS2 2.0.0.
      flavour: i === 0 ? 'matchzy' : 'at',
    });
    await fake.start();
    fakes.push(fake);
  }
  await signInAsAdmin(page);
  await markDocument(page);
  const nav = page.getByRole('navigation', { name: 'Admin sections' });

  // 8 teams from a CSV file, previewed before anything is saved.
  await nav.getByRole('link', { name: 'Teams' }).click();
  await page.getByRole('button', { name: 'Import from file' }).click();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'teams.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(teamsCsv()),
  });
  const preview = page.getByLabel('Import preview');
  await expect(preview.getByText('8 to create, 0 to update, 0 unchanged.')).toBeVisible();
  await expect(preview.getByRole('region', { name: 'Team 3' })).toContainText('t3p2');
  await page.getByRole('button', { name: 'Import 8 teams' }).click();
  await expect(page.getByText('Imported: 8 created, 0 updated, 0 unchanged.')).toBeVisible();
  await expect(page.getByRole('table').last().getByRole('row')).toHaveCount(9);

  // Two fake game servers, each connection tested before it is saved.
  await nav.getByRole('link', { name: 'Servers' }).click();
  await expect(page.getByRole('region', { name: 'Supported plugins' })).toContainText(
    'MatchZy-Enhanced 1.4.21 or a later 1.4.x, Auto Tournament CS2 2.0.0',
  );
  for (const [i, fake] of fakes.entries()) {
    await page.getByRole('button', { name: 'Add server' }).click();
    const form = page.getByRole('form', { name: 'New server' });
    await form.getByLabel('Server id').fill(`lan-${i + 1}`);
    await form.getByLabel('Name', { exact: true }).fill(`LAN ${i + 1}`);
    await form.getByLabel('Address').fill('127.0.0.1');
    await form.getByLabel('Port', { exact: true }).fill(String(fake.rconPort));
    await form.getByLabel('RCON password', { exact: true }).fill(RCON_PASSWORD);
    await form.getByRole('button', { name: 'Test connection' }).click();
    const result = form.getByRole('status', { name: 'Connection test result' });
    await expect(result).toContainText('Connection works');
    await expect(result).toContainText('RCON: RCON login works.');
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect(page.getByText(`Server LAN ${i + 1} saved; setup sent over RCON.`)).toBeVisible();
  }
  // Both plugins answer the setup: the servers turn free, live on the page.
  await expect(
    page.getByRole('region', { name: /^Server LAN/ }).getByText('Free', { exact: true }),
  ).toHaveCount(2);
  // Setup found each plugin by itself; nobody picked a flavour.
  await expect(page.getByRole('region', { name: 'Server LAN 1' })).toContainText(
    'MatchZy-Enhanced 1.4.x · version 1.4.21 · matchzy_ commands (detected)',
  );
  await expect(page.getByRole('region', { name: 'Server LAN 2' })).toContainText(
    'Auto Tournament CS2 2.x · version 2.0.0 · at_ commands (detected)',
  );

  // The wizard: single elimination, bo1, 4 rounds, damage tiebreak; started.
  await nav.getByRole('link', { name: 'Tournament' }).click();
  const setup = page.getByRole('form', { name: 'Tournament setup' });
  await setup.getByLabel('Name').fill('First LAN');
  await setup.getByLabel('Type').selectOption('single_elimination');
  await setup.getByLabel('Match format').selectOption('bo1');
  await setup.getByLabel('Max rounds per map').fill('4');
  // The teams have two players: the plugin readies a side only once this many are there.
  await setup.getByLabel('Players per team').fill('2');
  await setup.getByLabel('Overtime').selectOption({ label: 'Disabled – no draws (damage tiebreak)' });
  await expect(setup.getByRole('status', { name: 'Map pool count' })).toHaveText('7 of 7 maps selected');
  await expect(setup.getByRole('list', { name: 'Seeding' }).getByRole('listitem')).toHaveCount(8);
  await setup.getByRole('button', { name: 'Start tournament' }).click();
  // The draw is previewed first; starting confirms it (the checks before the start pass).
  const startDialog = page.getByRole('dialog', { name: 'Start preview' });
  await startDialog.getByRole('button', { name: 'Start the tournament' }).click();
  await expect(page.getByText('Tournament started.')).toBeVisible();
  await expect(page.getByLabel('Tournament status')).toHaveText('Running');

  // A viewer opens the bracket before anything is played: every match still open.
  const viewer = await page.context().newPage();
  failOnConsoleErrors(viewer);
  await viewer.goto(`${matchday.localUrl}/bracket`);
  const bracket = viewer.getByTestId('bracket');
  await expect(bracket.getByRole('heading', { name: 'Final', exact: true })).toBeVisible();
  await expect(bracket.locator('.mc-team.won')).toHaveCount(0);
  await markDocument(viewer);

  // Simulation on: bots play every match.
  await nav.getByRole('link', { name: 'Settings' }).click();
  const simulation = page.getByRole('form', { name: 'Simulation' });
  await simulation.getByLabel('Simulate matches').check();
  await simulation.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Simulation: saved.')).toBeVisible();

  // The viewer's bracket fills by itself to a champion, without a reload.
  await expect(bracket.locator('.mc-team.won')).toHaveCount(7, { timeout: 45_000 });
  await viewer.screenshot({ path: 'test-results/first-tournament-bracket.png', fullPage: true });
  await viewer.getByRole('link', { name: 'Home' }).click();
  await expect(viewer.getByLabel('Champion')).toContainText(/Team \d/);
  expect(await stillSameDocument(viewer)).toBe(true);

  // The organiser's dashboard, never reloaded either, has nothing left to ask.
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('Nothing needs you right now.')).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);
  await viewer.close();
});

test('in German: the servers page adds a tested server, shows a refusal as the text for its code, at 1080p and on a phone', async ({
  page,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const fake = new FakeGameServer({
    password: RCON_PASSWORD,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    flavour: 'matchzy',
  });
  await fake.start();
  fakes.push(fake);
  await inGerman(page);
  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin-Bereiche' })
    .getByRole('link', { name: 'Server' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Server');
  await expect(page.getByRole('region', { name: 'Unterstützte Plugins' })).toContainText(
    'MatchZy-Enhanced 1.4.21 oder ein späteres 1.4.x, Auto Tournament CS2 2.0.0',
  );
  await expect(page.getByText('Noch keine Spielserver.', { exact: false })).toBeVisible();

  const add = async (id: string) => {
    await page.getByRole('button', { name: 'Server hinzufügen' }).click();
    const form = page.getByRole('form', { name: 'Neuer Server' });
    await form.getByLabel('Server-ID').fill(id);
    await form.getByLabel('Name', { exact: true }).fill('LAN 1');
    await form.getByLabel('Adresse').fill('127.0.0.1');
    await form.getByLabel('Port', { exact: true }).fill(String(fake.rconPort));
    await form.getByLabel('RCON-Passwort', { exact: true }).fill(RCON_PASSWORD);
    return form;
  };
  const form = await add('lan-1');
  await form.getByRole('button', { name: 'Verbindung testen' }).click();
  await expect(form.getByRole('status', { name: 'Ergebnis des Verbindungstests' })).toContainText(
    'Verbindung steht',
  );
  await form.getByRole('button', { name: 'Server hinzufügen' }).click();
  await expect(page.getByText('Server LAN 1 gespeichert; Setup über RCON gesendet.')).toBeVisible();
  const card = page.getByRole('region', { name: 'Server LAN 1' });
  await expect(card.getByText('Frei', { exact: true })).toBeVisible();
  await expect(card).toContainText('MatchZy-Enhanced 1.4.x · Version 1.4.21 · matchzy_-Befehle (erkannt)');
  await expect(card.getByRole('button', { name: 'Setup wiederholen' })).toBeVisible();

  // The same id again: the API answers ALREADY_EXISTS, shown in German rather than the English message.
  const again = await add('lan-1');
  await again.getByRole('button', { name: 'Server hinzufügen' }).click();
  await expect(again.getByRole('alert')).toHaveText('Das gibt es schon.');

  await page.setViewportSize({ width: 1920, height: 1080 });
  await saveScreenshot(page, 'admin-servers-de-1080p', { fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'admin-servers-de-360', { fullPage: true });
});
