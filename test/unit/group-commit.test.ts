import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createSqlitePort } from '../../server/db/sqlite-driver.js';
import type { SqlPort } from '../../server/db/sql-port.js';
import { createGroupCommit } from '../../server/features/plugin-events/group-commit.js';
import { tempDir } from '../helpers/temp-dir.js';

function setup() {
  const file = path.join(tempDir('md-group-commit-'), 'x.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE e (n INTEGER)');
  // A second connection sees only what is committed: what a restart after a crash would find.
  const reader = new Database(file, { readonly: true });
  const committed = () => reader.prepare('SELECT n FROM e ORDER BY n').pluck().all() as number[];
  const sql = createSqlitePort(db, { onTransactionWaited: 'throw' });
  const insert = sql.prepare('INSERT INTO e (n) VALUES (?)');
  const close = () => {
    reader.close();
    db.close();
  };
  return { sql, insert, committed, close };
}

/** Each job in its own nested transaction: a job that throws is undone alone and answers its error. */
const eachAlone =
  (sql: SqlPort) =>
  async (jobs: readonly (() => Promise<number>)[]): Promise<(number | Error)[]> => {
    const results: (number | Error)[] = [];
    for (const job of jobs) {
      try {
        results.push(await sql.tx(job));
      } catch (err) {
        results.push(err as Error);
      }
    }
    return results;
  };

describe('group commit (plugin events)', () => {
  it('commits events arriving together in one transaction, each answered once it is committed', async () => {
    const { sql, insert, committed, close } = setup();
    const batches: number[][] = [];
    const commit = createGroupCommit(sql, eachAlone(sql), (results) => {
      batches.push([...results]);
      // After the commit: a second connection already reads the whole group.
      expect(committed()).toEqual(expect.arrayContaining([...results]));
    });
    const answers = [1, 2, 3].map((n) =>
      commit(async () => {
        await insert.run(n);
        return n;
      }),
    );
    expect(committed()).toEqual([]);
    expect(await Promise.all(answers)).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(committed()).toEqual([1, 2, 3]);
    close();
  });

  it('answers the error of an item that failed alone; the others of its group are committed', async () => {
    const { sql, insert, committed, close } = setup();
    const seen: number[][] = [];
    const commit = createGroupCommit(sql, eachAlone(sql), (results) => seen.push([...results]));
    const ok = commit(async () => (await insert.run(1)).changes);
    const failing = commit(async () => {
      await insert.run(2);
      throw new Error('cannot apply');
    });
    const later = commit(async () => (await insert.run(3)).changes + 2);
    await expect(failing).rejects.toThrow('cannot apply');
    expect(await Promise.all([ok, later])).toEqual([1, 3]);
    expect(seen).toEqual([[1, 3]]);
    expect(committed()).toEqual([1, 3]);
    close();
  });
  it('fails every item of a group whose batch throws, and commits nothing of it', async () => {
    const { sql, insert, committed, close } = setup();
    const seen: number[][] = [];
    const commit = createGroupCommit<number, number>(
      sql,
      async (items) => {
        for (const n of items) {
          await insert.run(n);
        }
        throw new Error('the batch cannot be written');
      },
      (results) => seen.push([...results]),
    );
    const answers = await Promise.allSettled([1, 2].map((n) => commit(n)));
    expect(answers.map((a) => a.status === 'rejected' && (a.reason as Error).message)).toEqual([
      'the batch cannot be written',
      'the batch cannot be written',
    ]);
    expect(seen).toEqual([]);
    expect(committed()).toEqual([]);
    close();
  });
});
