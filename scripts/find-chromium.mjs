// Finds a Chromium for the browser tests and benches, so `npm install && npm test` works on a machine with no
// browser installed by hand. Order: CHROMIUM_PATH; the Chromium that `npm install` brought inside the
// @sparticuz/chromium package (Linux x64); Playwright's own downloaded browsers; the system's Chromium.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const SYSTEM_CHROMIUMS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** Flags every launch uses: no sandbox (CI runs as root), no GPU, and no calls home on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

async function bundledChromium() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return null;
  }
  let bundled;
  try {
    bundled = (await import('@sparticuz/chromium')).default;
  } catch {
    return null;
  }
  // Unpacks the binary into the temp folder on first use (about 2 s), then reuses it.
  const path = await bundled.executablePath();
  return path && existsSync(path) ? path : null;
}

function playwrightChromium() {
  try {
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function installHint() {
  if (process.platform === 'linux' && process.arch === 'x64') {
    return 'run `npm install` again (it brings @sparticuz/chromium), or set CHROMIUM_PATH to a Chromium binary';
  }
  if (process.platform === 'darwin') {
    return 'run `npx playwright install chromium`, install Google Chrome, or set CHROMIUM_PATH';
  }
  if (process.platform === 'win32') {
    return 'run `npx playwright install chromium` or set CHROMIUM_PATH to chrome.exe';
  }
  return 'install Chromium with your package manager (e.g. `apt-get install chromium`) or set CHROMIUM_PATH';
}

/**
 * The path of the Chromium the browser tests drive, with the source it came from.
 * @returns {Promise<{ path: string, source: 'CHROMIUM_PATH' | 'npm package' | 'playwright' | 'system' }>}
 */
export async function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) {
      throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist.`);
    }
    return { path: fromEnv, source: 'CHROMIUM_PATH' };
  }
  const bundled = await bundledChromium();
  if (bundled) {
    return { path: bundled, source: 'npm package' };
  }
  const playwright = playwrightChromium();
  if (playwright) {
    return { path: playwright, source: 'playwright' };
  }
  const system = SYSTEM_CHROMIUMS.find((path) => existsSync(path));
  if (system) {
    return { path: system, source: 'system' };
  }
  throw new Error(`No Chromium found for the browser tests: ${installHint()}.`);
}
