import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransactionWaitedOnIoError, type SqlPort } from '../../server/db/sql-port.js';
import { createSqlitePort } from '../../server/db/sqlite-driver.js';

describe('the SQLite storage port', () => {
  let db: Database.Database;
  let sql: SqlPort;
  beforeEach(() => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
    sql = createSqlitePort(db, { onTransactionWaited: 'throw' });
  });
  afterEach(() => db.close());

  const insert = (name: string) => sql.prepare('INSERT INTO item (name) VALUES (?)').run(name);
  const names = async () => sql.prepare<[], string>('SELECT name FROM item ORDER BY id').pluck().all();

  it('answers rows, plucked values and run results', async () => {
    const first = await insert('a');
    expect(first).toEqual({ changes: 1, lastInsertRowid: 1 });
    await sql.prepare('INSERT INTO item (name) VALUES (@name)').run({ name: 'b' });
    expect(
      await sql.prepare<[number], { name: string }>('SELECT name FROM item WHERE id = ?').get(2),
    ).toEqual({
      name: 'b',
    });
    expect(await names()).toEqual(['a', 'b']);
    expect(await sql.prepare('SELECT 1 FROM item WHERE id = ?').get(99)).toBeUndefined();
  });

  it('answers rows as better-sqlite3 builds them, and plucks apart from them', async () => {
    await insert('a');
    await insert('b');
    const query = 'SELECT id, name, id * 10 AS "ten", NULL AS "none", name AS id FROM item ORDER BY item.id';
    const rows = sql.prepare<[], Record<string, unknown>>(query);
    const firsts = rows.pluck<number>();
    expect(await rows.all()).toEqual(db.prepare(query).all());
    expect(await rows.all()).toEqual([
      { id: 'a', name: 'a', ten: 10, none: null },
      { id: 'b', name: 'b', ten: 20, none: null },
    ]);
    expect(await firsts.all()).toEqual([1, 2]);
    expect(await rows.get()).toEqual({ id: 'a', name: 'a', ten: 10, none: null });
    expect(Object.getPrototypeOf(await rows.get())).toBe(Object.prototype);
  });

  it('answers an INSERT ... RETURNING as PostgreSQL does: the rows changed and the first value', async () => {
    const result = await sql.prepare('INSERT INTO item (name) VALUES (?), (?) RETURNING id').run('x', 'y');
    expect(result).toEqual({ changes: 2, lastInsertRowid: 1 });
  });

  it('commits a transaction and rolls it back whole when it throws', async () => {
    await sql.tx(async () => {
      await insert('kept');
      expect(sql.inTransaction).toBe(true);
    });
    await expect(
      sql.tx(async () => {
        await insert('lost');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await names()).toEqual(['kept']);
    expect(sql.inTransaction).toBe(false);
  });

  it('makes a nested transaction a savepoint that is undone alone', async () => {
    await sql.tx(async () => {
      await insert('outer');
      await sql.tx(() => insert('inner')).catch(() => undefined);
      await expect(
        sql.tx(async () => {
          await insert('undone');
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect(await names()).toEqual(['outer', 'inner']);
  });

  it('keeps a statement of other work out of an open transaction: it runs after the commit', async () => {
    const order: string[] = [];
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const transaction = sql.tx(async () => {
      await insert('in tx');
      order.push('tx wrote');
      await paused; // resolved by the other work below, still within microtasks
      await insert('in tx again');
      throw new Error('roll back');
    });
    const outside = (async () => {
      await Promise.resolve();
      release();
      await insert('outside');
      order.push('outside wrote');
    })();
    await expect(transaction).rejects.toThrow('roll back');
    await outside;
    expect(order).toEqual(['tx wrote', 'outside wrote']);
    expect(await names()).toEqual(['outside']);
  });

  it('runs transactions one after the other', async () => {
    const seen: number[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        sql.tx(async () => {
          await insert(`t${n}`);
          seen.push((await sql.prepare<[], number>('SELECT count(*) FROM item').pluck().get()) ?? 0);
        }),
      ),
    );
    expect(seen).toEqual([1, 2, 3]);
  });

  it('fails a transaction that waits on real I/O and leaves nothing of it', async () => {
    await expect(
      sql.tx(async () => {
        await insert('before the timer');
        await new Promise((resolve) => setTimeout(resolve, 1));
      }),
    ).rejects.toThrow(TransactionWaitedOnIoError);
    expect(await names()).toEqual([]);
  });

  it('only reports such a transaction when told to', async () => {
    const report = vi.fn();
    const lenient = createSqlitePort(db, { onTransactionWaited: report });
    await lenient.tx(async () => {
      await lenient.prepare('INSERT INTO item (name) VALUES (?)').run('slow');
      await new Promise((resolve) => setImmediate(resolve));
    });
    expect(report).toHaveBeenCalledWith(expect.any(TransactionWaitedOnIoError));
    expect(await names()).toEqual(['slow']);
  });

  it('changes the write version on every write, and has none inside a transaction', async () => {
    const before = await sql.writeVersion();
    await insert('x');
    const after = await sql.writeVersion();
    expect(after).not.toBe(before);
    await sql.tx(async () => {
      expect(await sql.writeVersion()).toBeUndefined();
    });
  });
});
