import { loadConfig } from '../../server/config.js';
import { createApp, type App } from '../../server/index.js';
import { databaseUrlFor } from './postgres.js';
import { tempDir } from './temp-dir.js';

/** The whole app on a temporary data folder, without HTTP: for tests that drive services directly. */
export async function createTestApp(): Promise<App> {
  const dataDir = tempDir('matchday-app-');
  return createApp({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MATCHDAY_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(await databaseUrlFor(dataDir)),
    }),
  });
}

/** `count` teams named Team 1..count, with one player each when `withPlayers`; returns their ids. */
export async function addTeams(app: App, count: number, withPlayers = false): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const players = withPlayers
      ? [{ platformId: String(76561198000000000n + BigInt(i + 1)), name: `player ${i + 1}` }]
      : [];
    ids.push((await app.services.teams.create({ name: `Team ${i + 1}`, tag: `T${i + 1}`, players })).team.id);
  }
  return ids;
}
