import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoUntilWrite } from '../../server/db/memo-until-write.js';

describe('memoUntilWrite', () => {
  let db: Database.Database;
  beforeEach(() => {
    db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    db.exec(`CREATE TABLE team (id TEXT PRIMARY KEY);
             CREATE TABLE member (team_id TEXT REFERENCES team(id) ON DELETE CASCADE, name TEXT);
             CREATE TABLE other (x INTEGER)`);
  });
  afterEach(() => db.close());

  const countMembers = () => db.prepare<[], number>('SELECT count(*) FROM member').pluck().get()!;

  it('computes once while nothing is written', () => {
    const compute = vi.fn(countMembers);
    const memo = memoUntilWrite(db, compute);
    expect([memo(), memo(), memo()]).toEqual([0, 0, 0]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('recomputes after inserts, updates, deletes and cascades, in any table', () => {
    const memo = memoUntilWrite(db, countMembers);
    db.exec("INSERT INTO team VALUES ('a'); INSERT INTO member VALUES ('a', 'x'), ('a', 'y')");
    expect(memo()).toBe(2);
    db.exec("DELETE FROM team WHERE id = 'a'");
    expect(memo()).toBe(0);
    const compute = vi.fn(countMembers);
    const other = memoUntilWrite(db, compute);
    other();
    db.exec('INSERT INTO other VALUES (1)');
    other();
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('does not serve a value computed inside a transaction that was rolled back', () => {
    const memo = memoUntilWrite(db, countMembers);
    db.exec("INSERT INTO team VALUES ('a')");
    expect(() =>
      db.transaction(() => {
        db.exec("INSERT INTO member VALUES ('a', 'x')");
        expect(memo()).toBe(1);
        throw new Error('abort');
      })(),
    ).toThrow('abort');
    expect(memo()).toBe(0);
  });
});
