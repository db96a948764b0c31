import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoUntilWrite } from '../../server/db/memo-until-write.js';
import type { SqlPort } from '../../server/db/sql-port.js';
import { createSqlitePort } from '../../server/db/sqlite-driver.js';

describe('memoUntilWrite', () => {
  let db: Database.Database;
  let sql: SqlPort;
  beforeEach(() => {
    db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    db.exec(`CREATE TABLE team (id TEXT PRIMARY KEY);
             CREATE TABLE member (team_id TEXT REFERENCES team(id) ON DELETE CASCADE, name TEXT);
             CREATE TABLE other (x INTEGER)`);
    sql = createSqlitePort(db, { onTransactionWaited: 'throw' });
  });
  afterEach(() => db.close());

  const countMembers = async () =>
    (await sql.prepare<[], number>('SELECT count(*) FROM member').pluck().get())!;
  const exec = (text: string) => sql.prepare(text).run();

  it('computes once while nothing is written', async () => {
    const compute = vi.fn(countMembers);
    const memo = memoUntilWrite(sql, compute);
    expect([await memo(), await memo(), await memo()]).toEqual([0, 0, 0]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('recomputes after inserts, updates, deletes and cascades, in any table', async () => {
    const memo = memoUntilWrite(sql, countMembers);
    await exec("INSERT INTO team VALUES ('a')");
    await exec("INSERT INTO member VALUES ('a', 'x'), ('a', 'y')");
    expect(await memo()).toBe(2);
    await exec("DELETE FROM team WHERE id = 'a'");
    expect(await memo()).toBe(0);
    const compute = vi.fn(countMembers);
    const other = memoUntilWrite(sql, compute);
    await other();
    await exec('INSERT INTO other VALUES (1)');
    await other();
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('does not serve a value computed inside a transaction that was rolled back', async () => {
    const memo = memoUntilWrite(sql, countMembers);
    await exec("INSERT INTO team VALUES ('a')");
    await expect(
      sql.tx(async () => {
        await exec("INSERT INTO member VALUES ('a', 'x')");
        expect(await memo()).toBe(1);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await memo()).toBe(0);
  });
});
