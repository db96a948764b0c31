import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { feedFile, serveUpdateFolder } from '../../main/update-folder.js';
import { tempDir } from '../helpers/temp-dir.js';

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('update folder (LAN file share) served to electron-updater on loopback', () => {
  it('names only plain files inside the folder', () => {
    expect(feedFile('/share', '/latest.yml')).toBe(path.join('/share', 'latest.yml'));
    expect(feedFile('/share', '/Matchday%20Setup%201.2.0.exe?x=1')).toBe(
      path.join('/share', 'Matchday Setup 1.2.0.exe'),
    );
    for (const bad of ['/../secret', '/%2e%2e/secret', '/sub/latest.yml', '/', '/%E0%A4%A', '/.hidden']) {
      expect(feedFile('/share', bad), bad).toBeUndefined();
    }
  });

  it('serves the folder’s files and nothing else', async () => {
    const folder = tempDir('md-updates-');
    fs.writeFileSync(path.join(folder, 'latest.yml'), 'version: 1.2.0\n');
    const served = await serveUpdateFolder(folder);
    stops.push(served.stop);
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const yml = await fetch(`${served.url}latest.yml`);
    expect(yml.status).toBe(200);
    expect(await yml.text()).toBe('version: 1.2.0\n');
    expect((await fetch(`${served.url}missing.yml`)).status).toBe(404);
    expect((await fetch(`${served.url}..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${served.url}latest.yml`, { method: 'POST' })).status).toBe(404);
  });
});
