import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { download, everything, playerOf, tournamentMidway, upload } from '../helpers/backup-api.js';
import { migrate } from '../../server/db/migrate.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
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

/** The schema version of the "older" backup: before the servers' bootstrap watch (migration 23) and after. */
const OLDER_VERSION = 22;

/**
 * The same data in a file of schema `version`, as an older Matchday wrote it: that version's migrations on
 * an empty file, then every column it has copied over from `current` (later columns and tables left out).
 */
function olderCopy(current: string, version: number): string {
  const file = path.join(path.dirname(current), `schema-${version}.sqlite`);
  const db = new Database(file);
  migrate(db, MIGRATIONS.slice(0, version));
  db.pragma('foreign_keys = OFF');
  db.prepare('ATTACH DATABASE ? AS src').run(current);
  const tables = db
    .prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  db.transaction(() => {
    for (const table of tables) {
      const columns = (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[])
        .map((c) => `"${c}"`)
        .join(', ');
      db.exec(
        `DELETE FROM main."${table}"; INSERT INTO main."${table}" (${columns}) SELECT ${columns} FROM src."${table}"`,
      );
    }
  })();
  db.exec('DETACH DATABASE src');
  db.close();
  return file;
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
    const current = path.join(tempDir('md-older-'), 'current.sqlite');
    fs.writeFileSync(current, await download(source));
    const file = olderCopy(current, OLDER_VERSION);

    const target = await start();
    const restored = await upload(target, fs.readFileSync(file));
    expect([restored.status, restored.body.schemaVersion]).toEqual([200, OLDER_VERSION]);
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
