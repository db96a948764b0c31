// `npm run screenshots -- --gallery`: the README gallery, taken from the LAN demo in the middle of its
// playoffs (scripts/gallery-event.ts) with the Chromium the browser tests use. Writes
// docs/screenshots/gallery-*.png and the printed bracket's PDF page as print-bracket-a4.png and
// print-bracket-a3.png (scripts/gallery-print.ts), and prints each file's size.
import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';
import { galleryEvent } from './gallery-event.js';
import { GAME_FRAME_CSS } from './gallery-frame.js';
import { printedBracketImage } from './gallery-print.js';

const OUT = 'docs/screenshots';
const PROJECTOR = { width: 1920, height: 1080 };
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 360, height: 740 };

interface Shot {
  name: string;
  path: string;
  size: { width: number; height: number };
  /** A selector whose presence shows the page has its data. */
  ready: string;
  /** The whole page's height instead of the viewport's. */
  fullPage?: boolean;
  admin?: boolean;
  lang?: 'en' | 'de';
  /** Before the shot, e.g. a backdrop behind a transparent page. */
  prepare?: (page: Page) => Promise<void>;
}

async function shoot(browser: Browser, url: string, adminLink: string, shot: Shot): Promise<void> {
  const context = await browser.newContext({
    viewport: shot.size,
    locale: shot.lang === 'de' ? 'de-DE' : 'en-US',
    deviceScaleFactor: 1,
  });
  try {
    await context.addInitScript((lang) => localStorage.setItem('matchday.lang', lang), shot.lang ?? 'en');
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`${shot.name}: ${err.message}`));
    if (shot.admin) {
      await page.goto(adminLink);
    }
    await page.goto(`${url}${shot.path}`);
    await page.waitForSelector(shot.ready, { timeout: 20_000 });
    await page.evaluate(() => document.fonts.ready);
    // The live stores fill in over their first SSE message and the fetches they start.
    await page.waitForTimeout(1500);
    await shot.prepare?.(page);
    const file = `${OUT}/gallery-${shot.name}.png`;
    await page.screenshot({ path: file, fullPage: shot.fullPage ?? false });
    console.log(`${file}  ${Math.round(fs.statSync(file).size / 1024)} KiB`);
  } finally {
    await context.close();
  }
}

const { demo, snapshot } = await galleryEvent();
try {
  const live = snapshot.matches.filter((m) => m.status === 'live');
  // The live series furthest along: a map won already, the next one under way.
  const liveMatch = [...live].sort((a, b) => (b.currentMapNumber ?? 0) - (a.currentMapNumber ?? 0))[0];
  if (!liveMatch) {
    throw new Error('no live match to show');
  }
  const admin = `${demo.url}/api/auth/admin-link/${await demo.running.app.services.auth.createAdminLinkToken()}`;
  const shots: Shot[] = [
    { name: 'bracket-1080p', path: '/bracket', size: PROJECTOR, ready: '.bracket' },
    { name: 'groups-1080p', path: '/groups', size: PROJECTOR, ready: 'table' },
    {
      name: 'match-live-1080p',
      path: `/matches/${liveMatch.slug}`,
      size: PROJECTOR,
      ready: 'table',
      fullPage: true,
    },
    {
      name: 'match-live-360',
      path: `/matches/${liveMatch.slug}`,
      size: PHONE,
      ready: 'table',
      fullPage: true,
    },
    { name: 'screen-1080p', path: '/screen', size: PROJECTOR, ready: 'main' },
    {
      name: 'overlay-1080p',
      path: `/overlay/match/${liveMatch.slug}`,
      size: PROJECTOR,
      ready: '.scorebug',
      prepare: (page) => page.addStyleTag({ content: GAME_FRAME_CSS }).then(() => undefined),
    },
    { name: 'stats-laptop', path: '/stats', size: LAPTOP, ready: 'table' },
    { name: 'admin-dashboard-1080p', path: '/admin', size: PROJECTOR, ready: 'main h1', admin: true },
    {
      name: 'match-live-de-360',
      path: `/matches/${liveMatch.slug}`,
      size: PHONE,
      ready: 'table',
      lang: 'de',
      fullPage: true,
    },
  ];
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const { path: executablePath } = await findChromium();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    for (const shot of shots.filter((s) => only.length === 0 || only.includes(s.name))) {
      await shoot(browser, demo.url, admin, shot);
    }
    for (const paper of ['a4', 'a3'] as const) {
      if (only.length === 0 || only.includes(`print-bracket-${paper}`)) {
        const file = await printedBracketImage(browser, demo.url, paper, OUT);
        console.log(`${file}  ${Math.round(fs.statSync(file).size / 1024)} KiB`);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await demo.stop();
}
