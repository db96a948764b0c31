import { existsSync, readFileSync } from 'node:fs';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';
import { signingReport } from '../../scripts/signing-check.mjs';

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

  it('opens the Windows firewall for the port on install, on a network Windows calls Public too, and closes it on uninstall', async () => {
    const nsis = config.nsis as { include: string; perMachine: boolean };
    expect(nsis.perMachine).toBe(true);
    const script = readFileSync(nsis.include, 'utf8');
    expect(script).toMatch(
      /!macro customInstall[\s\S]*add rule name="Matchday" dir=in action=allow protocol=TCP localport=3000/,
    );
    const rules = script.match(/add rule .*/g) ?? [];
    expect(rules).toHaveLength(2);
    for (const rule of rules) {
      expect(rule).toMatch(/profile=private,domain,public'$/);
    }
    expect(script).toMatch(/!macro customUnInstall[\s\S]*delete rule name="Matchday"/);
  });

  it('flips the Electron fuses: no Node for other programs, the app only from its integrity-checked asar, cookies encrypted', () => {
    expect(config.asar).not.toBe(false);
    expect(config.disableAsarIntegrity).not.toBe(true);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('signs and verifies updates against a pinned Windows publisher, without secrets in the file', () => {
    const win = config.win as {
      signtoolOptions: { publisherName: string[]; certificatePassword?: string; certificateFile?: string };
      verifyUpdateCodeSignature: boolean;
    };
    expect(win.signtoolOptions.publisherName).toEqual(['Matchday contributors']);
    expect(win.verifyUpdateCodeSignature).toBe(true);
    expect(win.signtoolOptions.certificatePassword).toBeUndefined();
    expect(win.signtoolOptions.certificateFile).toBeUndefined();
    expect(readFileSync('electron-builder.yml', 'utf8')).not.toMatch(/password:|cscKeyPassword|APPLE_.*:/i);
  });

  it('signs macOS with the hardened runtime and notarises', () => {
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true });
    const entitlements = readFileSync(config.mac!.entitlements!, 'utf8');
    expect(entitlements).toContain('com.apple.security.cs.allow-jit');
    expect(entitlements).not.toContain('disable-library-validation');
  });

  it('publishes through a generic provider (an update server or a LAN share) and has icons', () => {
    expect(config.publish).toMatchObject({ provider: 'generic' });
    expect(existsSync('resources/build/icon.png')).toBe(true);
  });
});

describe('the signing check before `npm run dist`', () => {
  it('says what an unsigned build cannot do when the secrets are absent', () => {
    const windows = signingReport('win32', {});
    expect(windows.signed).toBe(false);
    expect(windows.problems.join(' ')).toMatch(/CSC_LINK.*SmartScreen.*pinned publisher/);
    const mac = signingReport('darwin', { CSC_LINK: 'cert.p12' });
    expect(mac).toMatchObject({ signed: true, notarized: false });
    expect(mac.problems.join(' ')).toMatch(/APPLE_API_KEY.*Gatekeeper/);
  });

  it('is satisfied by the secrets in the environment', () => {
    expect(signingReport('win32', { WIN_CSC_LINK: 'cert.pfx', CSC_KEY_PASSWORD: 'x' }).problems).toEqual([]);
    const notary = { APPLE_API_KEY: 'k.p8', APPLE_API_KEY_ID: 'id', APPLE_API_ISSUER: 'issuer' };
    expect(signingReport('darwin', { CSC_LINK: 'cert.p12', ...notary })).toMatchObject({
      signed: true,
      notarized: true,
      problems: [],
    });
    expect(signingReport('darwin', { CSC_LINK: 'cert.p12', APPLE_API_KEY: 'k.p8' }).notarized).toBe(false);
  });
});
