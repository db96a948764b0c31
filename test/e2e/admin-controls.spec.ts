import { addLan1, alphaBravoBo1, serverAndTeams, startFake, stopFakes } from './fake-lan.js';
import type { Page } from '@playwright/test';
import { expect, failOnConsoleErrors, saveScreenshot, test } from './matchday.js';

test.afterEach(stopFakes);

test('the match window: pause and unpause reach the game server, end match completes it live', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const fake = await serverAndTeams(url, 2);
  const match = await alphaBravoBo1(url);

  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Matches' })
    .click();
  await expect(page).toHaveURL(/\/admin\/matches$/);
  await page.getByRole('link', { name: match.label }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/matches/${match.slug}$`));
  await expect(page.getByTestId('match-status')).toHaveText('Live', { timeout: 20_000 });

  // A control the state table forbids now is not offered; its reason is.
  await page.getByText(/Not available now/).click();
  await expect(page.getByRole('list', { name: 'Controls not available now' })).toContainText(
    'Skip veto: Cannot skip the veto while the match is live.',
  );
  // No plugin version can swap sides mid-match: never offered, and the page says why.
  await expect(page.getByRole('list', { name: 'Controls not available now' })).toContainText(
    'Swap teams: The game-server plugin cannot swap sides during a match',
  );
  await expect(page.getByRole('button', { name: 'Swap teams' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByText('Pause sent to LAN 1.')).toBeVisible();
  expect(fake.commands).toContain('css_forcepause');
  const statusLine = page.locator('p', { has: page.getByTestId('match-status') });
  await expect(statusLine).toContainText('Live (paused)');
  await expect(page.getByRole('button', { name: 'Unpause' })).toBeVisible();

  await page.getByRole('button', { name: 'Unpause' }).click();
  await expect(page.getByText('Unpause sent to LAN 1.')).toBeVisible();
  expect(fake.commands).toContain('css_forceunpause');
  await expect(statusLine).not.toContainText('(paused)');

  // A broadcast says what was sent, clears its field, and a second one replaces the first toast.
  const message = page.getByLabel('Message to all players');
  const toasts = page.getByRole('status');
  for (const text of ['Lunch in 5 minutes', 'Lunch in 2 minutes']) {
    await message.fill(text);
    await page.getByRole('button', { name: 'Broadcast message' }).click();
    await expect(toasts).toContainText(`Message sent to the players on LAN 1: "${text}"`);
    await expect(message).toHaveValue('');
  }
  await expect(toasts.getByText(/^Message sent/)).toHaveCount(1);

  // Ended with one team ahead, the current score is the result (a level one would wait for a decision).
  await expect(page.getByTestId('map-score')).not.toHaveText(/^(\d+) : \1$/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'End match' }).click();
  await page.getByRole('button', { name: 'Confirm: end match' }).click();
  // The page follows without a reload: the status, and the controls that are left.
  await expect(page.getByTestId('match-status')).toHaveText('Completed');
  await expect(page.getByText('Nothing can be done to this match now.')).toBeVisible();
  await fake.waitForStatus('idle');
  expect(fake.commands).toContain('css_endmatch');

  await page.screenshot({ path: 'test-results/match-window-1080p.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/match-window-phone.png', fullPage: true });
});

test('admin tools: recovery, a bulk action with a result per server, server events and app logs live', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  const fake = await startFake();
  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Tools', exact: true })
    .click();

  await page.getByRole('button', { name: 'Run Match Recovery Now' }).click();
  await expect(page.getByText('Recovery looked at 0 matches')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery results' })).toHaveText(
    'No match was loaded or live.',
  );

  // A server added meanwhile: its plugin's hello shows in the event monitor, the app's log line in the logs.
  await addLan1(url, fake);
  await expect(page.getByRole('list', { name: 'Server events' })).toContainText('server_configured');
  matchday.app.ctx.logger.warn({ module: 'e2e' }, 'a line the organiser should see');
  await expect(page.getByRole('list', { name: 'App logs' })).toContainText('a line the organiser should see');

  await page.getByRole('checkbox', { name: /LAN 1/ }).check();
  await page.getByLabel('Action').selectOption({ label: 'Broadcast message' });
  await page.getByLabel('Message').fill('Lunch break in 5 minutes');
  await page.getByRole('button', { name: 'Broadcast message on 1 server' }).click();
  await expect(page.getByRole('list', { name: 'Results per server' })).toContainText('lan-1:');

  await page.screenshot({ path: 'test-results/admin-tools-1080p.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test.describe('in German (decision 51)', () => {
  test('dashboard, public match page, match window, match list and tools speak German, dates included', async ({
    page,
    matchday,
    signInAsAdmin,
  }) => {
    failOnConsoleErrors(page);
    await page.addInitScript(() => localStorage.setItem('matchday.lang', 'de'));
    const url = matchday.localUrl;
    const fake = await serverAndTeams(url);
    const match = await alphaBravoBo1(url);
    await page.setViewportSize({ width: 1920, height: 1080 });

    // The dashboard, where the admin link lands.
    await signInAsAdmin(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
    const glance = page.getByRole('region', { name: 'Auf einen Blick' });
    await expect(glance).toContainText('Matches live');
    await expect(glance).toContainText('Freie Server');
    await expect(page.getByRole('heading', { name: 'Braucht Aufmerksamkeit' })).toBeVisible();
    await expect(page.getByText('Gerade braucht dich nichts.')).toBeVisible();
    await shoot(page, 'dashboard-de');

    // The public match page while the match is live.
    await page.goto(`${url}/matches/${match.slug}`);
    await expect(page.getByRole('region', { name: 'Spielstand' })).toBeVisible();
    await expect(page.getByLabel('Format')).toHaveText('Best of 1 · Map-Pool: Mirage');
    const maps = page.getByRole('region', { name: 'Maps' });
    await expect(maps.getByRole('columnheader', { name: 'Ergebnis' })).toBeVisible();
    await expect(maps.getByRole('cell', { name: 'Läuft' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Zuschauen' })).toContainText('in der Spielkonsole');
    await shoot(page, 'match-page-de');

    // The match window: German controls, refusals and status words.
    await page.goto(`${url}/admin/matches/${match.slug}`);
    await expect(page.getByTestId('match-status')).toHaveText('Live');
    await expect(page.getByRole('heading', { name: 'Steuerung' })).toBeVisible();
    await page.getByText(/Gerade nicht möglich/).click();
    await expect(page.getByRole('list', { name: 'Gerade nicht mögliche Aktionen' })).toContainText(
      'Veto überspringen: Veto überspringen geht nicht – das Match ist live.',
    );
    await shoot(page, 'match-window-de');
    await page.getByRole('button', { name: 'Pausieren' }).click();
    await expect(page.getByText('Pause an LAN 1 gesendet.')).toBeVisible();
    const statusLine = page.locator('p', { has: page.getByTestId('match-status') });
    await expect(statusLine).toContainText('Live (pausiert) · Serie 0:0 · BO1 · Server lan-1');
    await page.getByRole('button', { name: 'Fortsetzen' }).click();
    await expect(statusLine).not.toContainText('(pausiert)');

    await expect(page.getByTestId('map-score')).not.toHaveText(/^(\d+) : \1$/, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Match beenden' }).click();
    await page.getByRole('button', { name: 'Bestätigen: Match beenden' }).click();
    await expect(page.getByTestId('match-status')).toHaveText('Beendet');
    await expect(page.getByText('Mit diesem Match lässt sich gerade nichts tun.')).toBeVisible();
    await fake.waitForStatus('idle');

    // A correction, and when it happened in German date format (day.month.year, 24-hour clock).
    const correct = page.getByRole('region', { name: 'Ergebnis korrigieren' });
    await expect(correct.getByText('Ein manuelles Match: Kein anderes Match ändert sich.')).toBeVisible();
    await correct.getByRole('radio', { checked: false }).check();
    await correct.getByRole('button', { name: 'Ergebnis korrigieren' }).click();
    await expect(page.getByText(`${match.label} korrigiert.`)).toBeVisible();
    const germanDate = /\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/;
    await expect(correct.getByText(/^Korrigiert am /)).toHaveText(germanDate);

    await page.goto(`${url}/matches/${match.slug}`);
    await expect(page.getByText(/^Ergebnis korrigiert am /)).toHaveText(germanDate);
    await expect(page.getByText(/· Beendet/)).toBeVisible();

    // The match list and the tools say it in German too.
    await page.goto(`${url}/admin/matches`);
    const table = page.getByRole('table', { name: 'Matches in Spielreihenfolge' });
    await expect(table.getByRole('columnheader', { name: 'Zustand' })).toBeVisible();
    await expect(table.getByRole('row', { name: match.label })).toContainText('Beendet');
    await page.goto(`${url}/admin/tools`);
    await page.getByRole('button', { name: 'Match-Wiederherstellung starten' }).click();
    await expect(page.getByText('Wiederherstellung hat 0 Matches geprüft')).toBeVisible();
  });
});

/** A screenshot at 1920x1080 and at 360 px (no sideways scrolling there), for docs/screenshots. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await saveScreenshot(page, `${name}-1080p`, { fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await saveScreenshot(page, `${name}-360`, { fullPage: true });
  await page.setViewportSize({ width: 1920, height: 1080 });
}
