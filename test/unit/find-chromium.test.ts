import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findChromium } from '../../scripts/find-chromium.mjs';
import { tempDir } from '../helpers/temp-dir.js';

const saved = process.env.CHROMIUM_PATH;
afterEach(() => {
  if (saved === undefined) {
    delete process.env.CHROMIUM_PATH;
  } else {
    process.env.CHROMIUM_PATH = saved;
  }
});

describe('the browser tests find a Chromium by themselves', () => {
  it('CHROMIUM_PATH comes first', async () => {
    const binary = path.join(tempDir('md-chromium-'), 'chrome');
    fs.writeFileSync(binary, '');
    process.env.CHROMIUM_PATH = binary;
    expect(await findChromium()).toEqual({ path: binary, source: 'CHROMIUM_PATH' });
  });

  it('a CHROMIUM_PATH that does not exist is an error naming it, not a silent fallback', async () => {
    process.env.CHROMIUM_PATH = '/nowhere/chrome';
    await expect(findChromium()).rejects.toThrow('CHROMIUM_PATH is set to /nowhere/chrome');
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    'without it, the Chromium that npm install brought comes before any installed browser',
    async () => {
      delete process.env.CHROMIUM_PATH;
      const found = await findChromium();
      expect(found.source).toBe('npm package');
      expect(fs.existsSync(found.path)).toBe(true);
    },
  );
});
