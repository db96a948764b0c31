import { existsSync, readFileSync } from 'node:fs';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';

const config = await getConfig(process.cwd(), 'electron-builder.yml', null);

describe('electron-builder.yml', () => {
  it('is valid for the installed electron-builder', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('targets Windows nsis, macOS dmg, Linux AppImage and deb', () => {
    const targets = (platform: unknown) =>
      (platform as { target: (string | { target: string })[] }).target.map((t) =>
        typeof t === 'string' ? t : t.target,
      );
    expect(targets(config.win)).toEqual(['nsis']);
    expect(targets(config.mac)).toEqual(['dmg']);
    expect(targets(config.linux)).toEqual(['AppImage', 'deb']);
  });

  it('unpacks better-sqlite3 from the asar archive and asks macOS for local network access', () => {
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**/*');
    expect(config.mac?.extendInfo).toHaveProperty('NSLocalNetworkUsageDescription');
  });

  it('opens the Windows firewall for the port on install and closes it on uninstall', async () => {
    const nsis = config.nsis as { include: string; perMachine: boolean };
    expect(nsis.perMachine).toBe(true);
    const script = readFileSync(nsis.include, 'utf8');
    expect(script).toMatch(
      /!macro customInstall[\s\S]*add rule name="Matchday" dir=in action=allow protocol=TCP localport=3000/,
    );
    expect(script).toMatch(/!macro customUnInstall[\s\S]*delete rule name="Matchday"/);
  });

  it('publishes through a generic provider (an update server or a LAN share) and has icons', () => {
    expect(config.publish).toMatchObject({ provider: 'generic' });
    expect(existsSync('resources/build/icon.png')).toBe(true);
  });
});
