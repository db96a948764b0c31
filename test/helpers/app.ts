import { loadConfig } from '../../server/config.js';
import { createApp, type App } from '../../server/index.js';
import { tempDir } from './temp-dir.js';

/** The whole app on a temporary data folder, without HTTP: for tests that drive services directly. */
export function createTestApp(): Promise<App> {
  return createApp({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MATCHDAY_DATA_DIR: tempDir('matchday-app-'),
      LOG_LEVEL: 'silent',
    }),
  });
}

/** `count` teams named Team 1..count, with one player each when `withPlayers`; returns their ids. */
export function addTeams(app: App, count: number, withPlayers = false): string[] {
  return Array.from({ length: count }, (_, i) => {
    const players = withPlayers
      ? [{ platformId: String(76561198000000000n + BigInt(i + 1)), name: `player ${i + 1}` }]
      : [];
    return app.services.teams.create({ name: `Team ${i + 1}`, tag: `T${i + 1}`, players }).team.id;
  });
}
