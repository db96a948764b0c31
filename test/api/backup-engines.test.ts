import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { download, everything, playerOf, tournamentMidway, upload } from '../helpers/backup-api.js';
import { createTestDatabase } from '../helpers/postgres.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait.js';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    await s.stop();
  }
});

async function start(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

describe('one backup format on both engines (API.md decision 72)', () => {
  const databases: { drop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const database of databases.splice(0)) {
      await database.drop();
    }
  });

  /** A server on the named engine, whichever engine this run tests. */
  async function startOn(engine: 'sqlite' | 'postgres'): Promise<TestServer> {
    if (engine === 'sqlite') {
      return start({ env: { DATABASE_URL: '' } });
    }
    const database = await createTestDatabase();
    databases.push(database);
    return start({ env: { DATABASE_URL: database.url } });
  }

  for (const [from, to] of [
    ['postgres', 'sqlite'],
    ['sqlite', 'postgres'],
  ] as const) {
    it(`a backup taken on ${from} restores on ${to} with the same data`, async () => {
      const source = await startOn(from);
      expect((await source.request('GET', '/health')).body.database).toBe(from);
      await tournamentMidway(source);
      const before = await everything(source);
      const backup = await download(source);

      const target = await startOn(to);
      expect((await target.request('GET', '/health')).body.database).toBe(to);
      expect((await upload(target, backup)).status).toBe(200);
      expect(await everything(target)).toEqual(before);
      // The event goes on: new numbered rows (a result's log) get ids after the restored ones.
      const result = await target.request('POST', '/api/matches/r1-m4/winner', { body: { winner: 'team2' } });
      expect(result.status).toBe(200);
    });
  }

  it('a backup of an older schema version is brought up to date and restored', async () => {
    const source = await start();
    await tournamentMidway(source);
    const before = await everything(source);
    const file = path.join(tempDir('md-older-'), 'older.sqlite');
    fs.writeFileSync(file, await download(source));
    const db = new Database(file);
    // Version 22 is the file before migrations 23 (the servers' bootstrap watch and kick delays), 24
    // (retired match ids, the servers' event address), 25 (the servers' test event count) and 26 (the last
    // preflight result).
    db.exec(`DROP TABLE retired_matchids;
      DROP TABLE preflight_results;
      ALTER TABLE servers DROP COLUMN bootstrap_resends;
      ALTER TABLE servers DROP COLUMN kick_delays_saved;
      ALTER TABLE servers DROP COLUMN event_base_url;
      ALTER TABLE servers DROP COLUMN test_events;
      PRAGMA user_version = 22; VACUUM;`);
    db.close();

    const target = await start();
    const restored = await upload(target, fs.readFileSync(file));
    expect([restored.status, restored.body.schemaVersion]).toEqual([200, 22]);
    expect(await everything(target)).toEqual(before);
  });

  it('a restore on PostgreSQL reaches every instance, settings kept in memory included', async () => {
    const source = await startOn('sqlite');
    await tournamentMidway(source);
    const backup = await download(source);
    const database = await createTestDatabase();
    databases.push(database);
    const one = await start({ env: { DATABASE_URL: database.url } });
    const other = await start({ env: { DATABASE_URL: database.url } });
    expect((await other.request('GET', '/api/settings')).body.settings.defaultMaxRounds).not.toBe(16);

    expect((await upload(one, backup)).status).toBe(200);
    expect((await other.request('GET', '/api/teams')).body.count).toBe(8);
    await waitFor(
      async () => (await other.request('GET', '/api/settings')).body.settings.defaultMaxRounds === 16,
      { message: 'the other instance to serve the restored settings' },
    );
  });

  it('a restore that fails midway (a row refers to a team the file lacks) changes nothing', async () => {
    const source = await start();
    await tournamentMidway(source);
    const file = path.join(tempDir('md-dangling-'), 'dangling.sqlite');
    fs.writeFileSync(file, await download(source));
    const db = new Database(file);
    db.pragma('foreign_keys = OFF');
    // The team_players rows come after the teams are replaced: the failure is midway through the copy.
    db.prepare(
      "INSERT INTO team_players (team_id, platform_id, name, position) VALUES ('no-such-team', ?, 'ghost', 9)",
    ).run(playerOf(1));
    db.close();

    const target = await start();
    await target.request('POST', '/api/teams', { body: { name: 'Keep me', players: [] } });
    const before = {
      teams: (await target.request('GET', '/api/teams')).body,
      settings: (await target.request('GET', '/api/settings')).body,
    };
    const res = await upload(target, fs.readFileSync(file));
    expect([res.status, res.body.code]).toEqual([400, 'BACKUP_INVALID']);
    expect(res.body.error).toMatch(/team_players/);
    expect(res.body.error).toContain('Nothing was changed');
    expect({
      teams: (await target.request('GET', '/api/teams')).body,
      settings: (await target.request('GET', '/api/settings')).body,
    }).toEqual(before);
    expect((await target.request('GET', '/api/backup/snapshots')).body.snapshots).toEqual([]);
    expect(
      (await target.request('POST', '/api/teams', { body: { name: 'Still works', players: [] } })).status,
    ).toBe(201);
  });
});
