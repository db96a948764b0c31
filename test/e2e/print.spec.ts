import type { Page } from '@playwright/test';
import { adminApi, expect, failOnConsoleErrors, inGerman, saveScreenshot, test } from './matchday.js';
import { readPdf, type PdfContent } from './pdf-text.js';

/** A started tournament of `count` teams named Team 1..n. */
async function startTournament(url: string, count: number, body: Record<string, unknown>): Promise<void> {
  const teamIds: string[] = [];
  for (let i = 1; i <= count; i++) {
    const { team } = await adminApi(url, 'POST', '/api/teams', { name: `Team ${i}`, tag: `T${i}` });
    teamIds.push(team.id);
  }
  await adminApi(url, 'POST', '/api/tournament', { name: 'Winter LAN', format: 'bo1', teamIds, ...body });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
}

/** `Team 1` without `Team 10`..`Team 16`: a name as a whole word of the printed text. */
const wholeName = (name: string) => new RegExp(`${name}(?!\\d)`);

const PAPER_PX = {
  A4: { width: 1123, height: 794 },
  A3: { width: 1587, height: 1123 },
} as const;

/**
 * Opens a print page as the printer sees it: no toolbar, no navigation, the sheet alone; prints it to a
 * landscape PDF of that paper, which must be one page, and saves the printed sheet as an image to look at.
 */
async function printed(page: Page, url: string, paper: 'A4' | 'A3', image: string): Promise<PdfContent> {
  await page.setViewportSize(PAPER_PX[paper]);
  await page.emulateMedia({ media: 'print' });
  await page.goto(url);
  const sheet = page.getByTestId('print-sheet');
  await expect(sheet).toBeVisible();
  await expect(page.locator('.print-toolbar')).toBeHidden();
  await expect(page.getByRole('navigation')).toBeHidden();
  const pdf = await page.pdf({ format: paper, landscape: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const content = await readPdf(pdf);
  expect(content.pages, `${url} printed on one ${paper} page`).toBe(1);
  await saveScreenshot(page, image);
  return content;
}

test('an 8-team single elimination prints on one A4 landscape page, its schedule too', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await startTournament(url, 8, { type: 'single_elimination' });

  await page.goto(`${url}/bracket`);
  await page.getByRole('link', { name: 'Print' }).click();
  await expect(page).toHaveURL(/\/print\/bracket$/);
  await expect(page.getByRole('heading', { name: 'Winter LAN', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  await printed(page, `${url}/print/bracket?t=1`, 'A4', 'print-bracket-se8-a4');
  await expect(page.locator('.match-card')).toHaveCount(7);
  await expect(page.locator('.bracket-lines path')).toHaveCount(6);
  // Scaled to the sheet: nothing of the bracket sticks out of it.
  const sheet = (await page.getByTestId('print-sheet').boundingBox())!;
  const bracket = (await page.locator('.print-fit').boundingBox())!;
  expect(bracket.x + bracket.width).toBeLessThanOrEqual(sheet.x + sheet.width);
  expect(bracket.y + bracket.height).toBeLessThanOrEqual(sheet.y + sheet.height);

  await printed(page, `${url}/print/schedule`, 'A4', 'print-schedule-a4');
  const rows = page.getByTestId('print-schedule').locator('tbody tr');
  // Four quarter-finals with teams first, then the semi-finals and the final waiting for them.
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).toContainText('Quarter-finals');
  await expect(rows.first()).toContainText(/Team \d+ vs Team \d+/);
  await expect(rows.last()).toContainText('Final');
});

test('a 16-team double elimination fits one A3 landscape page', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await startTournament(url, 16, { type: 'double_elimination' });
  await printed(page, `${url}/print/bracket?paper=a3`, 'A3', 'print-bracket-de16-a3');
  await expect(page.getByTestId('print-sheet')).toHaveAttribute('data-paper', 'a3-landscape');
  expect(await page.locator('.match-card').count()).toBeGreaterThanOrEqual(30);
  const sheet = (await page.getByTestId('print-sheet').boundingBox())!;
  const bracket = (await page.locator('.print-fit').boundingBox())!;
  expect(bracket.x + bracket.width).toBeLessThanOrEqual(sheet.x + sheet.width);
  expect(bracket.y + bracket.height).toBeLessThanOrEqual(sheet.y + sheet.height);
});

test('a 16-team double elimination prints on exactly one A4 page with every team on it', async ({
  page,
  matchday,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await startTournament(url, 16, { type: 'double_elimination' });
  const pdf = await printed(page, `${url}/print/bracket`, 'A4', 'print-bracket-de16-a4');
  await expect(page.getByTestId('print-sheet')).toHaveAttribute('data-paper', 'a4-landscape');
  expect(pdf.text).toContain('Winter LAN');
  for (let i = 1; i <= 16; i++) {
    expect(pdf.text, `Team ${i} on the printed bracket`).toMatch(wholeName(`Team ${i}`));
  }
});

test('the group tables and the join flyer print, in German too', async ({ page, matchday }) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await startTournament(url, 8, {
    type: 'groups_playoffs',
    stages: [
      { kind: 'groups', type: 'round_robin', groupCount: 2, advancePerGroup: 2 },
      { kind: 'playoffs', type: 'single_elimination' },
    ],
  });
  await page.goto(`${url}/groups`);
  await page.getByRole('link', { name: 'Print' }).click();
  await expect(page).toHaveURL(/\/print\/groups$/);

  await printed(page, `${url}/print/groups`, 'A4', 'print-groups-a4');
  await expect(page.getByTestId('group-A')).toBeVisible();
  await expect(page.getByTestId('group-B')).toBeVisible();

  await page.setViewportSize({ width: 794, height: 1123 });
  await page.goto(`${url}/print/flyer`);
  await expect(page.getByTestId('print-sheet')).toHaveAttribute('data-paper', 'a4-portrait');
  await expect(page.getByTestId('flyer-url')).toHaveText(url);
  await expect(page.getByRole('img', { name: `QR code of ${url}` })).toBeVisible();
  await expect(page.locator('.print-steps li')).toHaveCount(3);
  const flyer = await readPdf(await page.pdf({ format: 'A4', printBackground: true }));
  expect(flyer.pages).toBe(1);
  // The address is printed as text, not only inside the QR code's picture.
  expect(flyer.text).toContain(url);
  expect(flyer.text).toContain('Join the tournament');
  await saveScreenshot(page, 'print-flyer-a4');

  await inGerman(page);
  await page.goto(`${url}/print/flyer`);
  await expect(page.getByRole('heading', { name: 'Mach mit beim Turnier' })).toBeVisible();
  await expect(page.locator('.print-steps li').nth(2)).toContainText('Team-Code');
});

test('on screen the print pages preview the sheet under a paper switch, at phone width too', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await startTournament(url, 8, { type: 'single_elimination' });
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsAdmin(page);
  const printLinks = page.getByRole('navigation', { name: 'Print' });
  await expect(printLinks.getByRole('link')).toHaveText([
    'Bracket',
    'Groups',
    'Match schedule',
    'Join flyer',
  ]);
  await printLinks.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'print-dashboard-links-360');
  await printLinks.getByRole('link', { name: 'Match schedule' }).click();
  await expect(page).toHaveURL(/\/print\/schedule$/);
  await expect(page.getByTestId('print-schedule').locator('tbody tr')).toHaveCount(7);
  await page.goto(`${url}/print/bracket`);
  await page.getByRole('link', { name: 'A3' }).click();
  await expect(page).toHaveURL(/paper=a3/);
  await expect(page.getByTestId('print-sheet')).toHaveAttribute('data-paper', 'a3-landscape');
  // The sheet scrolls inside its preview; the page itself stays phone-wide.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await saveScreenshot(page, 'print-preview-360');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await saveScreenshot(page, 'print-preview-1080p');
});
