import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, type Migration } from '../../server/db/migrate.js';
import { DATABASE_FILE, closeDatabase, openDatabase } from '../../server/db/open.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { tournamentTeams } from '../../server/db/migrations/013-tournament-teams.js';
import { playoffSeats } from '../../server/db/migrations/020-playoff-seats.js';
import { createSqlitePort } from '../../server/db/sqlite-driver.js';
import { createTournamentRepo } from '../../server/features/tournament/repo.js';
import { tempDir } from '../helpers/temp-dir.js';

const tempDb = () => new Database(path.join(tempDir('md-migrate-'), 'x.sqlite'));

const createA: Migration = { version: 1, name: 'a', up: (db) => db.exec('CREATE TABLE a (x INTEGER)') };

describe('migrate', () => {
  it('applies migrations in order and records user_version', () => {
    const db = tempDb();
    const createB: Migration = { version: 2, name: 'b', up: (d) => d.exec('CREATE TABLE b (x INTEGER)') };
    expect(migrate(db, [createA, createB])).toBe(2);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    // A second run applies nothing.
    expect(migrate(db, [createA, createB])).toBe(2);
  });

  it('leaves the file as it was when a migration fails half-way', () => {
    const db = tempDb();
    migrate(db, [createA]);
    db.prepare('INSERT INTO a VALUES (1)').run();
    const failing: Migration = {
      version: 2,
      name: 'fails',
      up: (d) => {
        d.exec('CREATE TABLE c (x INTEGER); DELETE FROM a;');
        throw new Error('boom');
      },
    };
    expect(() => migrate(db, [createA, failing])).toThrow('boom');
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare('SELECT count(*) AS n FROM a').get()).toEqual({ n: 1 });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'c'").get()).toBeUndefined();
  });

  it('refuses a database newer than the code', () => {
    const db = tempDb();
    db.pragma('user_version = 5');
    expect(() => migrate(db, [createA])).toThrow(/newer than this Matchday/);
  });

  it('moves servers left on the old default flavour to plugin detection, keeping one chosen by hand', () => {
    const db = tempDb();
    const before = MIGRATIONS.filter((m) => m.version < 10);
    migrate(db, before);
    const insert = db.prepare(
      "INSERT INTO servers (id, name, host, port, rcon_password, flavour, created_at, updated_at) VALUES (?, ?, 'h', 27015, 'pw', ?, 0, 0)",
    );
    insert.run('old-default', 'old-default', 'plugin');
    insert.run('by-hand', 'by-hand', 'at');
    migrate(db, MIGRATIONS);
    expect(
      db.prepare('SELECT id, flavour, detected_flavour, detected_version FROM servers ORDER BY id').all(),
    ).toEqual([
      { id: 'by-hand', flavour: 'at', detected_flavour: null, detected_version: null },
      { id: 'old-default', flavour: 'auto', detected_flavour: null, detected_version: null },
    ]);
  });

  it('refuses a gap in the numbering', () => {
    expect(() => migrate(tempDb(), [{ ...createA, version: 2 }])).toThrow(/expected 1/);
  });
});

describe('openDatabase', () => {
  it('creates the file with the pragmas of the architecture and the whole schema', () => {
    const dir = tempDir('md-open-');
    const db = openDatabase(dir);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    closeDatabase(db);
    // The checkpoint on close leaves no WAL content behind.
    const wal = path.join(dir, `${DATABASE_FILE}-wal`);
    expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
  });
});

describe('tournament teams as rows (migration 13)', () => {
  it('moves the teams and seed order of an existing data file out of their JSON columns, keeping them', async () => {
    const db = tempDb();
    migrate(db, MIGRATIONS.slice(0, tournamentTeams.version - 1));
    const insert = db.prepare(
      `INSERT INTO tournaments (name, type, format, status, team_ids, seeds, settings, created_at)
       VALUES (?, 'single_elimination', 'bo1', ?, ?, ?, '{}', 1)`,
    );
    const started = Number(
      insert.run('Started', 'in_progress', '["b","a","c"]', '["c","a","b"]').lastInsertRowid,
    );
    const setup = Number(insert.run('Setup', 'setup', '["x","y"]', '[]').lastInsertRowid);

    expect(migrate(db, MIGRATIONS)).toBe(MIGRATIONS.length);

    const columns = (db.prepare('PRAGMA table_info(tournaments)').all() as { name: string }[]).map(
      (c) => c.name,
    );
    expect(columns).not.toContain('team_ids');
    expect(columns).not.toContain('seeds');
    const sql = createSqlitePort(db, { onTransactionWaited: 'throw' });
    const tournaments = createTournamentRepo(sql);
    expect(await tournaments.get(started)).toMatchObject({
      teamIds: ['b', 'a', 'c'],
      seeds: ['c', 'a', 'b'],
    });
    expect(await tournaments.get(setup)).toMatchObject({ teamIds: ['x', 'y'], seeds: [] });
    // Saved lists are rows again: a changed order reads back as saved.
    await tournaments.save({ ...(await tournaments.get(setup))!, teamIds: ['y', 'x', 'z'] });
    expect((await createTournamentRepo(sql).get(setup))!.teamIds).toEqual(['y', 'x', 'z']);
  });
});

describe('playoff seats as rows (migration 20)', () => {
  it('moves the seats of an existing data file out of their JSON column, in their order; none stays none', async () => {
    const db = tempDb();
    migrate(db, MIGRATIONS.slice(0, playoffSeats.version - 1));
    const insert = db.prepare(
      `INSERT INTO tournaments (name, type, format, status, settings, playoff_seats, created_at)
       VALUES (?, 'groups_playoffs', 'bo1', 'in_progress', '{}', ?, 1)`,
    );
    const seats = { 'Group B #1': 'b1', 'Group A #1': 'a1', 'Group B #2': 'b2', 'Group A #2': 'a2' };
    const filled = Number(insert.run('Filled', JSON.stringify(seats)).lastInsertRowid);
    const open = Number(insert.run('Open', null).lastInsertRowid);

    expect(migrate(db, MIGRATIONS)).toBe(MIGRATIONS.length);

    const columns = (db.prepare('PRAGMA table_info(tournaments)').all() as { name: string }[]).map(
      (c) => c.name,
    );
    expect(columns).not.toContain('playoff_seats');
    const sql = createSqlitePort(db, { onTransactionWaited: 'throw' });
    const tournaments = createTournamentRepo(sql);
    const migrated = (await tournaments.get(filled))!.playoffSeats;
    expect(migrated).toEqual(seats);
    expect(Object.keys(migrated!)).toEqual(Object.keys(seats));
    expect((await tournaments.get(open))!.playoffSeats).toBeNull();
    // Saved seats are rows: refilled ones read back as saved, cleared ones as none, each tournament its own.
    await tournaments.save({
      ...(await tournaments.get(open))!,
      playoffSeats: { 'Group A #1': 'x', 'Group A #2': 'y' },
    });
    await tournaments.save({ ...(await tournaments.get(filled))!, playoffSeats: null });
    const reread = createTournamentRepo(sql);
    expect((await reread.get(open))!.playoffSeats).toEqual({ 'Group A #1': 'x', 'Group A #2': 'y' });
    expect((await reread.get(filled))!.playoffSeats).toBeNull();
  });
});
