import type { Browser, Page } from '@playwright/test';
import { RCON_PASSWORD, startFake, stopFakes } from './fake-lan.js';
import { expect, failOnConsoleErrors, noHorizontalOverflow, saveScreenshot, test } from './matchday.js';
import { signInWithTeamCode } from './player-sign-in.js';

/**
 * An organiser's first hour, through the web app only, as the README's quick start tells it: teams from a
 * CSV, their codes printed, servers tested and added, a groups event previewed and started, and a player
 * on a phone signing in with the printed code to ban a map. Once in English, once in German.
 */

/** The words the walk reads and clicks, in each language. */
const WORDS = {
  en: {
    nav: 'Admin sections',
    dismiss: 'Dismiss',
    teams: 'Teams',
    servers: 'Servers',
    tournament: 'Tournament',
    importFromFile: 'Import from file',
    csvFile: 'CSV file',
    preview: 'Import preview',
    summary: '8 to create, 0 to update, 0 unchanged.',
    oneBadRow: '1 row has an error',
    paste: 'or paste the CSV here',
    check: 'Preview',
    noErrors: 'No errors.',
    importAll: 'Import 8 teams',
    imported: 'Imported: 8 created, 0 updated, 0 unchanged.',
    printCodes: 'Print team codes',
    codesTitle: 'Team codes',
    sheetOf: 'Sign-in sheet of Team 1',
    addServer: 'Add server',
    newServer: 'New server',
    serverId: 'Server id',
    address: 'Address',
    rconPassword: 'RCON password',
    testConnection: 'Test connection',
    testResult: 'Connection test result',
    failed: 'Connection failed',
    works: 'Connection works',
    serverSaved: 'Server LAN 1 saved; setup sent over RCON.',
    serverCard: 'Server LAN 1',
    free: 'Free',
    setup: 'Tournament setup',
    type: 'Type',
    format: 'Match format',
    teamSize: 'Players per team',
    veto: /^Map veto by the teams/,
    groupStage: 'Group stage',
    groupFormat: 'Group format',
    groups: 'Groups',
    advance: 'Advancing per group',
    playoffs: 'Playoffs',
    playoffBracket: 'Playoff bracket',
    start: 'Start tournament',
    startPreview: 'Start preview',
    previewSummary: 'Groups, then playoffs, 8 teams, seeded in the set order.',
    group: (name: string) => `Group ${name}`,
    confirmStart: 'Start the tournament',
    started: 'Tournament started.',
    goToVeto: 'Go to the map veto',
    yourBan: 'Your turn: ban a map.',
    banNuke: 'Ban Nuke',
    bannedByTeam1: 'Banned by Team 1',
  },
  de: {
    nav: 'Admin-Bereiche',
    dismiss: 'Ausblenden',
    teams: 'Teams',
    servers: 'Server',
    tournament: 'Turnier',
    importFromFile: 'Aus Datei importieren',
    csvFile: 'CSV-Datei',
    preview: 'Import-Vorschau',
    summary: '8 neu, 0 zu aktualisieren, 0 unverändert.',
    oneBadRow: '1 Zeile hat einen Fehler',
    paste: 'oder CSV hier einfügen',
    check: 'Vorschau',
    noErrors: 'Keine Fehler.',
    importAll: '8 Teams importieren',
    imported: 'Importiert: 8 neu, 0 aktualisiert, 0 unverändert.',
    printCodes: 'Team-Codes drucken',
    codesTitle: 'Team-Codes',
    sheetOf: 'Anmeldeblatt von Team 1',
    addServer: 'Server hinzufügen',
    newServer: 'Neuer Server',
    serverId: 'Server-ID',
    address: 'Adresse',
    rconPassword: 'RCON-Passwort',
    testConnection: 'Verbindung testen',
    testResult: 'Ergebnis des Verbindungstests',
    failed: 'Verbindung fehlgeschlagen',
    works: 'Verbindung steht',
    serverSaved: 'Server LAN 1 gespeichert; Setup über RCON gesendet.',
    serverCard: 'Server LAN 1',
    free: 'Frei',
    setup: 'Turnier-Setup',
    type: 'Modus',
    format: 'Match-Format',
    teamSize: 'Spieler pro Team',
    veto: /^Map-Veto durch die Teams/,
    groupStage: 'Gruppenphase',
    groupFormat: 'Gruppenmodus',
    groups: 'Gruppen',
    advance: 'Weiter pro Gruppe',
    playoffs: 'Playoffs',
    playoffBracket: 'Playoff-Turnierbaum',
    start: 'Turnier starten',
    startPreview: 'Vorschau des Starts',
    previewSummary: 'Gruppen, dann Playoffs, 8 Teams, gesetzt in festgelegter Reihenfolge.',
    group: (name: string) => `Gruppe ${name}`,
    confirmStart: 'Turnier jetzt starten',
    started: 'Turnier gestartet.',
    goToVeto: 'Zum Map-Veto',
    yourBan: 'Du bist dran: Banne eine Map.',
    banNuke: 'Nuke bannen',
    bannedByTeam1: 'Gebannt von Team 1',
  },
};
type Lang = keyof typeof WORDS;

const BAD_ID = 'STEAM_0:1:x';
/** Eight teams of two as a spreadsheet export, one row per player; row 7 (Team 3's second player) has `id3b`. */
function teamsCsv(id3b: string): string {
  const rows = ['team,tag,player,platformId'];
  for (let t = 1; t <= 8; t++) {
    for (let p = 1; p <= 2; p++) {
      const id = t === 3 && p === 2 ? id3b : String(76561198000000000n + BigInt(t * 10 + p));
      rows.push(`Team ${t},T${t},t${t}p${p},${id}`);
    }
  }
  return rows.join('\n');
}

test.afterEach(stopFakes);

/** A toast says `text`; the organiser reads it and closes it, as they would before the next step. */
async function readToast(page: Page, lang: Lang, text: string): Promise<void> {
  const toast = page.locator('.toast').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: WORDS[lang].dismiss }).click();
  await expect(toast).toHaveCount(0);
}

async function importTeams(page: Page, lang: Lang, shot: (name: string) => Promise<void>): Promise<void> {
  const w = WORDS[lang];
  await page.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.teams }).click();
  await page.getByRole('button', { name: w.importFromFile }).click();
  await page.getByLabel(w.csvFile).setInputFiles({
    name: 'teams.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(teamsCsv(BAD_ID)),
  });
  const preview = page.getByRole('region', { name: w.preview });
  await expect(preview.getByText(w.summary)).toBeVisible();
  await expect(preview.getByText(w.oneBadRow)).toBeVisible();
  const badRow = preview.getByRole('region', { name: 'Team 3' }).getByRole('row', { name: /^7 / });
  await expect(badRow).toHaveClass('import-row-error');
  await expect(badRow).toContainText(`"${BAD_ID}"`);
  const importAll = page.getByRole('button', { name: w.importAll });
  await expect(importAll).toBeDisabled();
  await badRow.scrollIntoViewIfNeeded();
  await shot('1-import-bad-row');

  // Fixed in the text box, previewed again, imported.
  await page.getByLabel(w.paste).fill(teamsCsv('76561198000000032'));
  await page.getByRole('button', { name: w.check, exact: true }).click();
  await expect(preview.getByText(w.noErrors)).toBeVisible();
  await importAll.click();
  await readToast(page, lang, w.imported);
  await shot('2-teams-imported');
}

/** The printable sheets: answers the code printed on Team 1's sheet. */
async function readTeam1Code(page: Page, lang: Lang): Promise<string> {
  const w = WORDS[lang];
  await page.getByRole('link', { name: w.printCodes }).click();
  await expect(page.getByRole('heading', { name: w.codesTitle, level: 1 })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(8);
  const code = (
    await page.getByRole('article', { name: w.sheetOf }).getByTestId('sheet-code').innerText()
  ).trim();
  expect(code).toMatch(/^\S{4,}$/);
  // The top of the page: its buttons and the first sheet (eight sheets make a very long page).
  await saveScreenshot(page, `first-hour-${lang}-3-team-codes-1366`);
  return code;
}

async function addServers(
  page: Page,
  lang: Lang,
  webPort: number,
  shot: (name: string) => Promise<void>,
): Promise<void> {
  const w = WORDS[lang];
  const fake = await startFake();
  await page.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.servers }).click();
  await page.getByRole('button', { name: w.addServer }).click();
  const form = page.getByRole('form', { name: w.newServer });
  await form.getByLabel(w.serverId).fill('lan-1');
  await form.getByLabel('Name', { exact: true }).fill('LAN 1');
  await form.getByLabel(w.address).fill('127.0.0.1');
  const port = form.getByLabel('Port', { exact: true });
  await form.getByLabel(w.rconPassword, { exact: true }).fill(RCON_PASSWORD);
  const result = form.getByRole('status', { name: w.testResult });

  // A web server's port (Matchday's own) is no RCON port: refused with the reason, before anything is saved.
  await port.fill(String(webPort));
  await form.getByRole('button', { name: w.testConnection }).click();
  await expect(result).toContainText(w.failed);
  await expect(result).toContainText('does not answer as a CS2 RCON port');
  await shot('4-server-refused');

  await port.fill(String(fake.rconPort));
  await form.getByRole('button', { name: w.testConnection }).click();
  await expect(result).toContainText(w.works);
  await form.getByRole('button', { name: w.addServer }).click();
  await readToast(page, lang, w.serverSaved);
  await expect(
    page.getByRole('region', { name: w.serverCard }).getByText(w.free, { exact: true }),
  ).toBeVisible();
  await shot('5-server-added');
}

async function startGroupsEvent(
  page: Page,
  lang: Lang,
  shot: (name: string) => Promise<void>,
): Promise<void> {
  const w = WORDS[lang];
  await page.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.tournament }).click();
  const setup = page.getByRole('form', { name: w.setup });
  await setup.getByLabel('Name', { exact: true }).fill('First hour LAN');
  await setup.getByLabel(w.type, { exact: true }).selectOption('groups_playoffs');
  await setup.getByLabel(w.format).selectOption('bo1');
  await setup.getByLabel(w.teamSize).fill('2');
  await setup.getByLabel(w.veto).check();
  const groups = setup.getByRole('group', { name: w.groupStage, exact: true });
  await groups.getByLabel(w.groupFormat).selectOption('round_robin');
  await groups.getByLabel(w.groups, { exact: true }).fill('2');
  await groups.getByLabel(w.advance).fill('2');
  await setup
    .getByRole('group', { name: w.playoffs, exact: true })
    .getByLabel(w.playoffBracket)
    .selectOption('single_elimination');

  await shot('6-event-setup');
  await setup.getByRole('button', { name: w.start, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: w.startPreview });
  await expect(dialog).toContainText(w.previewSummary);
  for (const name of ['A', 'B']) {
    const members = dialog
      .getByRole('region', { name: w.group(name) })
      .getByRole('list')
      .first();
    await expect(members.getByRole('listitem')).toHaveCount(4);
  }
  await saveScreenshot(page, `first-hour-${lang}-7-start-preview-1366`);
  // The checks before the start pass (the servers took the round-backup upload at setup): it starts.
  await dialog.getByRole('button', { name: w.confirmStart }).click();
  await readToast(page, lang, w.started);
  await expect(dialog).toHaveCount(0);
}

/** Team 1's first player on a 360-px phone: signs in with `code`, opens the veto and bans Nuke. */
async function phoneVeto(
  browser: Browser,
  url: string,
  lang: Lang,
  code: string,
  name: string,
): Promise<void> {
  const w = WORDS[lang];
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const phone = await context.newPage();
    failOnConsoleErrors(phone);
    const shot = (step: string) => saveScreenshot(phone, `${name}-${step}-phone`, { fullPage: true });
    await phone.goto(`${url}/signin`);
    if (lang === 'de') {
      await phone.getByLabel('Language').selectOption('de');
      await expect(phone.locator('html')).toHaveAttribute('lang', 'de');
    }
    await shot('8-sign-in');
    await signInWithTeamCode(phone, { team: 'Team 1', player: 't1p1', code, lang });
    await phone.getByRole('link', { name: w.goToVeto }).click();
    const turn = phone.locator('.veto-turn');
    await expect(turn).toContainText(w.yourBan);
    await noHorizontalOverflow(phone, 360);
    await shot('9-veto-turn');
    await phone.getByRole('button', { name: w.banNuke }).click();
    await expect(phone.locator('.veto-pool li').filter({ hasText: 'Nuke' })).toContainText(w.bannedByTeam1);
    await expect(phone.getByRole('button', { name: w.banNuke })).toHaveCount(0);
    await noHorizontalOverflow(phone, 360);
    await shot('10-veto-banned');
  } finally {
    await context.close();
  }
}

for (const lang of ['en', 'de'] as const) {
  test(`the first hour (${lang}): teams from a CSV with a bad row fixed, codes printed, a non-RCON port refused, a groups event previewed and started, a phone player signs in with the printed code and bans a map`, async ({
    page,
    browser,
    matchday,
    signInAsAdmin,
  }) => {
    failOnConsoleErrors(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    const name = `first-hour-${lang}`;
    const shot = (step: string) => saveScreenshot(page, `${name}-${step}-1366`, { fullPage: true });
    await signInAsAdmin(page);
    if (lang === 'de') {
      await page.getByLabel('Language').selectOption('de');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    }
    await importTeams(page, lang, shot);
    const code = await readTeam1Code(page, lang);
    await addServers(page, lang, Number(new URL(matchday.localUrl).port), shot);
    await startGroupsEvent(page, lang, shot);
    await phoneVeto(browser, matchday.localUrl, lang, code, name);
  });
}
