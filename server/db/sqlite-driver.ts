import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import type { Db } from './open.js';
import {
  outsideTransactions,
  TransactionWaitedOnIoError,
  type RunResult,
  type SqlPort,
  type SqlStatement,
} from './sql-port.js';

interface TxFrame {
  /** Set when the event loop turned while the transaction was open: it waited on real I/O. */
  waitedOnIo: boolean;
  /** Work waiting for the commit. */
  committed: (() => void)[];
}

export interface SqliteDriverOptions {
  /** What to do when a transaction waits on real I/O: fail it (tests) or only report it. */
  onTransactionWaited: 'throw' | ((error: Error) => void);
}

/**
 * A function building a row object from a raw row of these columns (later columns of one name win,
 * as in better-sqlite3's objects); undefined when a name would not make a plain own property.
 */
function rowOf(columns: readonly string[]): ((values: unknown[]) => object) | undefined {
  if (columns.includes('__proto__')) {
    return undefined;
  }
  const fields = columns.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as (values: unknown[]) => object;
}

/** The storage port over SQLite, and what only SQLite's checkpointer needs of it. */
export interface SqlitePort extends SqlPort {
  holdUntil(done: Promise<unknown>): Promise<void>;
}

/**
 * The storage port over one better-sqlite3 connection. Statements run synchronously and answer
 * resolved promises, so a transaction whose work awaits only the database finishes within the
 * microtasks of one turn of the event loop. Other async work may interleave with those microtasks:
 * a statement from outside the open transaction waits for it to end, so it never joins it by chance.
 */
export function createSqlitePort(db: Db, options: SqliteDriverOptions): SqlitePort {
  const context = new AsyncLocalStorage<TxFrame>();
  let open: { frame: TxFrame; ended: Promise<void> } | undefined;

  // Work started inside a transaction keeps its frame after COMMIT: only the open one counts.
  const current = () => {
    const frame = context.getStore();
    return frame !== undefined && frame === open?.frame ? frame : undefined;
  };
  const ownsOpen = () => current() !== undefined;
  async function untilFree(): Promise<void> {
    while (open && !ownsOpen()) {
      await open.ended;
    }
  }

  /**
   * Runs a statement now, answered as a settled promise, or once the open transaction of other work
   * ended. No async function per call: a plugin event runs a dozen statements, and every promise
   * costs while the transaction context is on.
   */
  function when<T>(execute: () => T): Promise<T> {
    if (open && !ownsOpen()) {
      return untilFree().then(execute);
    }
    try {
      return Promise.resolve(execute());
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  function wrap<P extends unknown[], R>(
    statement: Database.Statement<unknown[], unknown>,
  ): SqlStatement<P, R> {
    // Rows read as arrays and turned into objects by a function made for the statement's columns: a
    // wide row (the matches table) costs better-sqlite3 about twice as much built as an object.
    const toRow = statement.reader ? rowOf(statement.columns().map((c) => c.name)) : undefined;
    if (toRow) {
      statement.raw(true);
    }
    const one = toRow
      ? (values: unknown) => (values === undefined ? undefined : toRow(values as unknown[]))
      : undefined;
    return {
      get: (...params) =>
        when(() => (one ? one(statement.get(...params)) : statement.get(...params)) as R | undefined),
      all: (...params) =>
        when(
          () =>
            (toRow ? (statement.all(...params) as unknown[][]).map(toRow) : statement.all(...params)) as R[],
        ),
      run: (...params) =>
        when((): RunResult => {
          if (statement.reader) {
            // INSERT ... RETURNING: answered as PostgreSQL answers it (rows changed, the first value).
            const rows = statement.all(...params) as unknown[][];
            const value = rows[0]?.[0];
            return { changes: rows.length, lastInsertRowid: typeof value === 'number' ? value : 0 };
          }
          const result = statement.run(...params);
          return { changes: result.changes, lastInsertRowid: Number(result.lastInsertRowid) };
        }),
      pluck<V>() {
        // A statement of its own: plucking switches the raw rows of this one off.
        return wrapPlucked<P, V>(db.prepare(statement.source).pluck());
      },
    };
  }

  function wrapPlucked<P extends unknown[], R>(
    statement: Database.Statement<unknown[], unknown>,
  ): SqlStatement<P, R> {
    return {
      get: (...params) => when(() => statement.get(...params) as R | undefined),
      all: (...params) => when(() => statement.all(...params) as R[]),
      run: (...params) =>
        when((): RunResult => {
          const rows = statement.all(...params);
          const value = rows[0];
          return { changes: rows.length, lastInsertRowid: typeof value === 'number' ? value : 0 };
        }),
      pluck<V>() {
        return wrapPlucked<P, V>(statement);
      },
    };
  }

  // Prepared once: an event's way runs a nested transaction per event, and parsing these each time showed.
  // One savepoint name serves every depth: RELEASE and ROLLBACK TO take the innermost of that name.
  const control = (sql: string) => db.prepare(sql);
  const savepoint = control('SAVEPOINT nested');
  const release = control('RELEASE nested');
  const rollbackTo = control('ROLLBACK TO nested');
  const commit = control('COMMIT');
  const rollback = control('ROLLBACK');
  const begins = new Map<string, Database.Statement>();
  const beginWith = (sql: string) => {
    let statement = begins.get(sql);
    if (!statement) {
      statement = control(sql);
      begins.set(sql, statement);
    }
    return statement;
  };

  async function transaction<T>(begin: string, work: () => Promise<T>): Promise<T> {
    const frame = current();
    if (frame) {
      savepoint.run();
      try {
        const result = await work();
        release.run();
        return result;
      } catch (err) {
        rollbackTo.run();
        release.run();
        throw err;
      }
    }
    while (open) {
      await open.ended;
    }
    const root: TxFrame = { waitedOnIo: false, committed: [] };
    let end!: () => void;
    open = { frame: root, ended: new Promise<void>((resolve) => (end = resolve)) };
    // Runs only once the microtasks are done: if the transaction is still open then, it waited on I/O.
    const guard = setImmediate(() => (root.waitedOnIo = true));
    let afterwards: (() => void)[] = [];
    try {
      beginWith(begin).run();
      const result = await context.run(root, work);
      if (root.waitedOnIo) {
        const error = new TransactionWaitedOnIoError();
        if (options.onTransactionWaited === 'throw') {
          throw error;
        }
        options.onTransactionWaited(error);
      }
      commit.run();
      afterwards = root.committed;
      return result;
    } catch (err) {
      if (db.inTransaction) {
        rollback.run();
      }
      throw err;
    } finally {
      clearImmediate(guard);
      open = undefined;
      // Between transactions nothing reads the frame: switching the context off also switches off
      // Node's promise hooks, which otherwise cost every promise of every request.
      context.disable();
      end();
      afterwards.forEach((work) => work());
    }
  }

  /**
   * Resolves once no transaction is open; from then until `done` settles every statement and
   * transaction waits, as behind an open transaction (the checkpointer restarting the WAL).
   */
  async function holdUntil(done: Promise<unknown>): Promise<void> {
    while (open) {
      await open.ended;
    }
    let end!: () => void;
    open = {
      frame: { waitedOnIo: false, committed: [] },
      ended: new Promise<void>((resolve) => (end = resolve)),
    };
    const release = () => {
      open = undefined;
      end();
    };
    void done.then(release, release);
  }

  const writes = db.prepare<[], number>('SELECT total_changes()').pluck();

  return {
    dialect: 'sqlite',
    prepare<P extends unknown[], R>(sql: string) {
      return wrap<P, R>(db.prepare(sql));
    },
    tx: (work) => transaction('BEGIN IMMEDIATE', work),
    readTogether: (work) => transaction('BEGIN', work),
    ...outsideTransactions(context, current),
    get inTransaction() {
      return current() !== undefined;
    },
    async writeVersion() {
      // Inside a transaction the count may include writes a rollback undoes without lowering it.
      if (current()) {
        return undefined;
      }
      await untilFree();
      return writes.get()!;
    },
    async close() {
      await untilFree();
    },
    holdUntil,
  };
}
