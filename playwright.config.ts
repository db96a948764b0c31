import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/find-chromium.mjs';

const chromium = await findChromium();

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  fullyParallel: false,
  // Every test starts its own Matchday on a free port with its own data folder: two files at once
  // take the e2e run from ~7 to ~3.5 minutes on two cores.
  workers: 2,
  reporter: [['list']],
  use: {
    headless: true,
    launchOptions: { executablePath: chromium.path, args: CHROMIUM_ARGS },
  },
});
