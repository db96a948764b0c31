import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, flagsToEnv, loadConfig } from '../../server/config.js';

describe('loadConfig', () => {
  it('applies the defaults of API.md', () => {
    const config = loadConfig({}, [], { cwd: '/srv/matchday' });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: undefined,
      dataDir: path.resolve('/srv/matchday', 'data'),
      apiTokens: [],
      allowUnauthenticatedEvents: false,
      adminPlatformIds: [],
      enableSimulationInProd: false,
      logLevel: 'info',
      production: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://192.168.1.10:3000/',
      MATCHDAY_DATA_DIR: '/data',
      SERVER_TOKEN: 'server-token-0123456789',
      ALLOW_UNAUTHENTICATED_EVENTS: 'true',
      ADMIN_PLATFORM_IDS: '76561198000000001, 76561198000000002',
      PLUGIN_ENABLE_SIMULATION_IN_PROD: '1',
      LOG_LEVEL: 'debug',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      publicUrl: 'http://192.168.1.10:3000',
      dataDir: '/data',
      serverToken: 'server-token-0123456789',
      allowUnauthenticatedEvents: true,
      adminPlatformIds: ['76561198000000001', '76561198000000002'],
      enableSimulationInProd: true,
      logLevel: 'debug',
      production: true,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('lets flags override the environment', () => {
    const config = loadConfig({ PORT: '3000' }, ['--port=4000', '--data-dir', '/x', '--log-level', 'warn']);
    expect(config).toMatchObject({ port: 4000, dataDir: '/x', logLevel: 'warn' });
  });

  it('keeps demos and round backups in the data folder unless MATCHDAY_FILES_DIR or --files-dir names another', () => {
    expect(loadConfig({ MATCHDAY_DATA_DIR: '/data' }).filesDir).toBe('/data');
    expect(loadConfig({ MATCHDAY_DATA_DIR: '/data', MATCHDAY_FILES_DIR: '/shared' }).filesDir).toBe(
      '/shared',
    );
    expect(loadConfig({}, ['--files-dir', '/volume']).filesDir).toBe('/volume');
  });

  it('takes an mDNS name (off by default)', () => {
    expect(loadConfig({}).mdnsName).toBeUndefined();
    expect(loadConfig({ MDNS_NAME: 'lan-cup' }).mdnsName).toBe('lan-cup');
  });

  it('caps the public live viewers (5000 by default), as a variable or a flag', () => {
    expect(loadConfig({}).liveMaxViewers).toBe(5000);
    expect(loadConfig({ LIVE_MAX_VIEWERS: '800' }).liveMaxViewers).toBe(800);
    expect(loadConfig({}, ['--live-max-viewers=1200']).liveMaxViewers).toBe(1200);
    expect(() => loadConfig({ LIVE_MAX_VIEWERS: '0' })).toThrow(
      'Invalid LIVE_MAX_VIEWERS: must be at least 1.',
    );
  });

  it('picks the engine from DATABASE_URL: empty is the SQLite file, a postgres URL is PostgreSQL', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    const url = 'postgres://matchday:s3cret@db.lan:5432/matchday';
    expect(loadConfig({}, [`--database-url=${url}`]).databaseUrl).toBe(url);
    let message = '';
    try {
      loadConfig({ DATABASE_URL: 'mysql://matchday:s3cret@db.lan/matchday' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('DATABASE_URL');
    // The refused value may carry a password: it is not repeated.
    expect(message).not.toContain('s3cret');
  });

  it('believes forwarded addresses from loopback proxies only, unless TRUST_PROXY names the balancers', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.5',
      '10.1.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('counts the packaged desktop app as production', () => {
    expect(loadConfig({}, [], { packaged: true }).production).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '1.5' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://host' }, 'PUBLIC_URL'],
    [{ ALLOW_UNAUTHENTICATED_EVENTS: 'maybe' }, 'ALLOW_UNAUTHENTICATED_EVENTS'],
    [{ ADMIN_PLATFORM_IDS: '123' }, 'ADMIN_PLATFORM_IDS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MDNS_NAME: 'match day' }, 'MDNS_NAME'],
    [{ MDNS_NAME: '-matchday' }, 'MDNS_NAME'],
    [{ MDNS_NAME: 'matchday.local' }, 'MDNS_NAME'],
    [{ SERVER_TOKEN: 'short' }, 'SERVER_TOKEN'],
  ])('refuses %o with one line naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(`Invalid ${variable}:`)).toBe(true);
    expect(message).not.toContain('\n');
  });

  it('collects warnings for ignored short tokens without the secret', () => {
    const config = loadConfig({ API_TOKENS: 'bot:tooshort' });
    expect(config.apiTokens).toEqual([]);
    expect(config.warnings).toEqual([expect.stringContaining('"bot"')]);
    expect(config.warnings.join()).not.toContain('tooshort');
  });
});

describe('flagsToEnv', () => {
  it('refuses unknown options and stray arguments', () => {
    expect(() => flagsToEnv(['--colour=red'])).toThrow(/Unknown option --colour/);
    expect(() => flagsToEnv(['3000'])).toThrow(ConfigError);
  });

  it('reads a bare flag as true', () => {
    expect(flagsToEnv(['--allow-unauthenticated-events'])).toEqual({ ALLOW_UNAUTHENTICATED_EVENTS: 'true' });
  });
});
