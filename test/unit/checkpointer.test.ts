import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer, type Checkpointer } from '../../server/db/checkpointer.js';
import { createSqlitePort } from '../../server/db/sqlite-driver.js';
import { tempDir } from '../helpers/temp-dir.js';

const ROW = Buffer.alloc(4000, 7);
const WRITTEN_BYTES = 16 * 1024 * 1024;

/**
 * A WAL database with a table of rows where only the worker checkpoints (the connection's own automatic
 * checkpoint would bound the WAL as well).
 */
function walDatabase(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
  return db;
}

describe('the checkpointer', () => {
  let db: Database.Database | undefined;
  let checkpointer: Checkpointer | undefined;
  afterEach(() => {
    checkpointer?.stop();
    db?.close();
  });

  it('starts the WAL over under a steady stream of commits instead of letting it grow', async () => {
    const file = path.join(tempDir(), 'steady.sqlite');
    db = walDatabase(file);
    checkpointer = startCheckpointer(db, { intervalMs: 10, restartFrames: 64 });
    const insert = db.prepare('INSERT INTO rows (data) VALUES (?)');
    const commit = db.transaction(() => [0, 1, 2, 3].forEach(() => insert.run(ROW)));
    // Commits back to back (a millisecond apart, as a flood of plugin events comes): a checkpoint never
    // finds the WAL caught up when the next commit begins, so only a restart starts it over.
    for (let written = 0; written < WRITTEN_BYTES; written += 4 * ROW.length) {
      commit();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const walBytes = fs.statSync(`${file}-wal`).size;
    // Bounded by the restart threshold and what commits in a round (~1 MB here), not by what was written.
    expect(walBytes).toBeLessThan(WRITTEN_BYTES / 4);
  });

  it('keeps the statements of the connection waiting while it restarts the WAL, and only then', async () => {
    const file = path.join(tempDir(), 'held.sqlite');
    db = walDatabase(file);
    const sql = createSqlitePort(db, { onTransactionWaited: 'throw' });
    const holds: Promise<unknown>[] = [];
    checkpointer = startCheckpointer(db, {
      intervalMs: 10,
      restartFrames: 64,
      hold: (done) => {
        holds.push(done);
        return sql.holdUntil(done);
      },
    });
    const insert = sql.prepare<[Buffer], never>('INSERT INTO rows (data) VALUES (?)');
    let rows = 0;
    for (let written = 0; written < WRITTEN_BYTES / 4; written += 4 * ROW.length) {
      await sql.tx(async () => {
        for (let i = 0; i < 4; i++) {
          await insert.run(ROW);
        }
      });
      rows += 4;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    // Each restart asked for the statements to wait, and let them go once done: the WAL started over
    // without a commit meeting the restart's lock.
    expect(holds.length).toBeGreaterThan(0);
    await Promise.all(holds);
    expect(fs.statSync(`${file}-wal`).size).toBeLessThan(WRITTEN_BYTES / 8);
    const count = sql.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM rows');
    expect((await count.get())!.n).toBe(rows);
  });

  it('holds statements and transactions back until the hold is done', async () => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY)');
    const sql = createSqlitePort(db, { onTransactionWaited: 'throw' });
    let release!: () => void;
    await sql.holdUntil(new Promise<void>((resolve) => (release = resolve)));
    const order: string[] = [];
    const read = sql
      .prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM rows')
      .get()
      .then(() => order.push('read'));
    const write = sql
      .tx(() => sql.prepare('INSERT INTO rows DEFAULT VALUES').run())
      .then(() => order.push('write'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    order.push('released');
    release();
    await Promise.all([read, write]);
    expect(order).toEqual(['released', 'read', 'write']);
  });
});
