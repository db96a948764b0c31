import type { Page } from '@playwright/test';
import {
  adminApi,
  expect,
  failOnConsoleErrors,
  inGerman,
  noHorizontalOverflow,
  saveScreenshot,
  test,
} from './matchday.js';

const HOOT = '76561198000000201';
const SCREECH = '76561198000000202';

/** A file with one bad row (row 5: an id that is no Steam id) among an update and a new team. */
const BAD_CSV = [
  'team,tag,player,platformId',
  'Night Owls,OWL2,hoot,' + HOOT,
  'Night Owls,OWL2,barn,STEAM_0:1:4242',
  '"Foxes, the",FOX,vix,[U:1:9001]',
  '"Foxes, the",FOX,bolt,STEAM_0:1:x',
].join('\r\n');
const FIXED_CSV = BAD_CSV.replace('STEAM_0:1:x', 'https://steamcommunity.com/profiles/76561198000000205');
/** The same file as Excel saves it in a German locale: semicolons, a byte-order mark. */
const BAD_CSV_DE =
  '\uFEFF' +
  [
    'team;tag;player;platformId',
    'Night Owls;OWL2;hoot;' + HOOT,
    'Night Owls;OWL2;barn;STEAM_0:1:4242',
    '"Foxes, the";FOX;vix;[U:1:9001]',
    '"Foxes, the";FOX;bolt;STEAM_0:1:x',
  ].join('\r\n');

async function openImport(page: Page, url: string) {
  await page.goto(`${url}/admin/teams`);
  await page.getByRole('button', { name: /Import from file|Aus Datei importieren/ }).click();
}

test('a CSV with a bad row is previewed, fixed and imported all at once', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await adminApi(matchday.localUrl, 'POST', '/api/teams', {
    name: 'Night Owls',
    tag: 'OWL',
    players: [
      { platformId: HOOT, name: 'hoot' },
      { platformId: SCREECH, name: 'screech' },
    ],
  });
  await signInAsAdmin(page);
  await openImport(page, matchday.localUrl);
  await page.getByLabel('CSV file').setInputFiles({
    name: 'teams.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('\uFEFF' + BAD_CSV),
  });

  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByText('1 to create, 1 to update, 0 unchanged.')).toBeVisible();
  await expect(preview.getByText('1 row has an error')).toBeVisible();
  const owls = preview.getByRole('region', { name: 'Night Owls' });
  await expect(owls).toContainText('update');
  await expect(owls).toContainText('Tag OWL → OWL2');
  await expect(owls).toContainText('Players added: barn');
  await expect(owls).toContainText('Players removed: screech');
  const badRow = preview.getByRole('region', { name: 'Foxes, the' }).getByRole('row', { name: /^5 / });
  await expect(badRow).toContainText('"STEAM_0:1:x" is not a Steam id');
  await expect(badRow).toHaveClass('import-row-error');
  const importButton = page.getByRole('button', { name: 'Import 2 teams' });
  await expect(importButton).toBeDisabled();
  await saveScreenshot(page, 'team-import-preview-1080p', { fullPage: true });

  // Fixed in the text box: the old preview no longer counts until checked again.
  await page.getByLabel('or paste the CSV here').fill(FIXED_CSV);
  await expect(page.getByText('The text changed since the preview')).toBeVisible();
  await expect(importButton).toBeDisabled();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(preview.getByText('No errors.')).toBeVisible();
  await importButton.click();
  await expect(page.getByText('Imported: 1 created, 1 updated, 0 unchanged.')).toBeVisible();

  const teams = (await adminApi(matchday.localUrl, 'GET', '/api/teams')).teams as {
    name: string;
    tag: string;
    players: { name: string }[];
  }[];
  expect(teams.map((t) => [t.name, t.tag, t.players.map((p) => p.name)])).toEqual([
    ['Foxes, the', 'FOX', ['vix', 'bolt']],
    ['Night Owls', 'OWL2', ['hoot', 'barn']],
  ]);
  await expect(page.getByRole('row', { name: /Foxes, the/ })).toBeVisible();
});

test('the import preview in German reads a semicolon file and fits a 360-px phone', async ({
  page,
  signInAsAdmin,
  matchday,
}) => {
  failOnConsoleErrors(page);
  await inGerman(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsAdmin(page);
  await openImport(page, matchday.localUrl);
  await page.getByLabel('CSV-Datei').setInputFiles({
    name: 'teams.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(BAD_CSV_DE),
  });
  const preview = page.getByRole('region', { name: 'Import-Vorschau' });
  // The bad row is shown as the file writes it: apart by semicolons.
  await expect(preview.getByRole('region', { name: 'Foxes, the' })).toContainText(
    'Foxes, the; FOX; bolt; STEAM_0:1:x',
  );
  await expect(preview.getByText('2 neu, 0 zu aktualisieren, 0 unverändert.')).toBeVisible();
  await expect(preview.getByText('1 Zeile hat einen Fehler')).toBeVisible();
  await expect(page.getByRole('button', { name: '2 Teams importieren' })).toBeDisabled();
  await noHorizontalOverflow(page, 360);
  await saveScreenshot(page, 'team-import-preview-de-360', { fullPage: true });
});
