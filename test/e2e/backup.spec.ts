import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_TOKEN, expect, failOnConsoleErrors, test } from './matchday.js';
import type { Page } from '@playwright/test';

async function createTeam(url: string, name: string): Promise<void> {
  const res = await fetch(`${url}/api/teams`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, players: [] }),
  });
  expect(res.status).toBe(201);
}

async function teamNames(url: string): Promise<string[]> {
  const res = await fetch(`${url}/api/teams`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  return ((await res.json()) as { teams: { name: string }[] }).teams.map((t) => t.name).sort();
}

async function expectNoHorizontalOverflow(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('the dashboard shows players the address to open, with its QR code and a copy button', async ({
  page,
  context,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signInAsAdmin(page);
  const panel = page.getByRole('region', { name: 'Connect players' });
  await expect(panel.getByTestId('players-url')).toHaveText(matchday.localUrl);
  const qr = panel.getByRole('img', { name: `QR code of ${matchday.localUrl}` });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The test server listens on loopback only: the organiser is told players cannot reach it.
  await expect(panel.getByRole('status')).toContainText('nobody else on the LAN can reach it');

  await panel.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByText(`Copied ${matchday.localUrl}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(matchday.localUrl);
  await page.screenshot({ path: 'test-results/dashboard-connect-1080p.png', fullPage: true });

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalOverflow(page, 360);
  await page.screenshot({ path: 'test-results/dashboard-connect-phone.png', fullPage: true });
});

test('an organiser takes a snapshot, downloads a backup and restores it; a garbage file is refused', async ({
  page,
  matchday,
  signInAsAdmin,
}, testInfo) => {
  failOnConsoleErrors(page);
  const url = matchday.localUrl;
  await createTeam(url, 'Before Backup');
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Backup', exact: true }).click();
  await expect(page.getByText('No snapshots yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Take a snapshot now' }).click();
  await expect(page.getByText('Snapshot taken')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Snapshots' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('listitem').filter({ hasText: 'Taken by hand' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download a backup' }).click(),
  ]);
  const backupFile = testInfo.outputPath('event.sqlite');
  await download.saveAs(backupFile);
  expect(fs.readFileSync(backupFile).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');

  await createTeam(url, 'After Backup');
  expect(await teamNames(url)).toEqual(['After Backup', 'Before Backup']);

  // A file that is not a backup: the API's clear error, and the data untouched.
  await page.getByLabel('File to restore').setInputFiles({
    name: 'notes.sqlite',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('these are my notes, not a database'),
  });
  await page.getByRole('button', { name: 'Restore notes.sqlite' }).click();
  await page.getByRole('button', { name: 'Replace all data with notes.sqlite' }).click();
  await expect(
    page.getByText('The file is not a Matchday backup (not a SQLite database). Nothing was changed.'),
  ).toBeVisible();
  expect(await teamNames(url)).toEqual(['After Backup', 'Before Backup']);

  await page.getByLabel('File to restore').setInputFiles(backupFile);
  await page.getByRole('button', { name: 'Restore event.sqlite' }).click();
  await page.getByRole('button', { name: 'Replace all data with event.sqlite' }).click();
  await expect(
    page.getByText(/^event\.sqlite restored\. The data it replaced is kept as the snapshot before-restore-/),
  ).toBeVisible();
  expect(await teamNames(url)).toEqual(['Before Backup']);
  await expect(page.getByRole('listitem').filter({ hasText: 'Before a restore' })).toBeVisible();

  // With the demos: one tar that brings them back too.
  const demo = path.join(matchday.app.ctx.config.dataDir, 'demos', '7_r1-m1_map1_de_mirage.dem');
  fs.mkdirSync(path.dirname(demo), { recursive: true });
  fs.writeFileSync(demo, Buffer.alloc(4096, 1));
  await page.getByLabel('Include the demos').check();
  const [archiveDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download a backup' }).click(),
  ]);
  expect(archiveDownload.suggestedFilename()).toMatch(/^matchday-backup-.*\.tar$/);
  const archiveFile = testInfo.outputPath('event.tar');
  await archiveDownload.saveAs(archiveFile);
  fs.rmSync(demo);
  await page.getByLabel('File to restore').setInputFiles(archiveFile);
  await page.getByRole('button', { name: 'Restore event.tar' }).click();
  await page.getByRole('button', { name: 'Replace all data with event.tar' }).click();
  await expect(page.getByText(/^event\.tar restored\. 1 demo put back\./)).toBeVisible();
  expect(fs.readFileSync(demo)).toEqual(Buffer.alloc(4096, 1));

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: 'test-results/backup-page-1080p.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalOverflow(page, 360);
  await page.screenshot({ path: 'test-results/backup-page-phone.png', fullPage: true });
});
