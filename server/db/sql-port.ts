import type { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The one storage port every repo is built over: prepared statements that answer promises, and
 * transactions carried implicitly (a statement run inside `tx(work)` belongs to that transaction
 * without being handed a handle). Served by SQLite (`sqlite-driver.ts`) and PostgreSQL.
 */

export type SqlDialect = 'sqlite' | 'postgres';

export interface RunResult {
  /** Rows the statement changed. */
  changes: number;
  /** The rowid of the last insert (SQLite); use `RETURNING` where both engines must agree. */
  lastInsertRowid: number;
}

/**
 * A statement prepared once at start-up. Parameters are positional (`?`) or one object for `@named`
 * placeholders, as better-sqlite3 takes them.
 */
export interface SqlStatement<P extends unknown[] = unknown[], R = unknown> {
  get(...params: P): Promise<R | undefined>;
  all(...params: P): Promise<R[]>;
  run(...params: P): Promise<RunResult>;
  /** The same statement answering its first column's value instead of the row. */
  pluck<V = R>(): SqlStatement<P, V>;
}

export interface SqlPort {
  readonly dialect: SqlDialect;
  prepare<P extends unknown[] = unknown[], R = unknown>(sql: string): SqlStatement<P, R>;
  /**
   * Runs `work` as one write transaction: every statement it runs, however deep, is part of it, and
   * other work waits until it commits. Nested calls are savepoints: a nested `tx` that throws is
   * undone alone. Resolves after COMMIT.
   */
  tx<T>(work: () => Promise<T>): Promise<T>;
  /** Runs reads that must see one consistent state (no write of another request in between). */
  readTogether<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the calling code runs inside a transaction. */
  readonly inTransaction: boolean;
  /**
   * Runs `work` outside the caller's transaction: what it starts (a queued write that outlives the
   * request) neither joins that transaction nor finds it read-only.
   */
  detached<T>(work: () => T): T;
  /**
   * Runs `work` (a quick, non-throwing scheduler such as a nudge) once the caller's transaction has
   * committed, outside it; at once outside a transaction; never if the transaction rolls back.
   */
  afterCommit(work: () => void): void;
  /**
   * A number that changes whenever anything was written through this port, or undefined where the
   * engine cannot tell cheaply (another instance may write): then nothing may be cached on it.
   */
  writeVersion(): Promise<number | undefined>;
  /**
   * Calls `wake` whenever any instance notifies `channel` (a hint to read again, never the data itself);
   * resolves to a function that stops listening. Absent where one process is all there is (SQLite).
   */
  listen?(channel: string, wake: () => void): Promise<() => Promise<void>>;
  /** Wakes every listener of `channel` on every instance once the calling transaction commits. */
  notify?(channel: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Rows that every instance keeps in memory (settings, webhook secrets for the log filter) changed, or a
 * restore replaced everything: each instance reads them again. Notified inside the writing transaction.
 */
export const RELOAD_CHANNEL = 'matchday_reload';

/** A transaction on SQLite waited on real I/O: other requests would have waited with it. */
export class TransactionWaitedOnIoError extends Error {
  constructor() {
    super(
      'A database transaction stayed open across real I/O (a timer, a socket, a file); keep I/O outside tx().',
    );
    this.name = 'TransactionWaitedOnIoError';
  }
}

/** What both drivers' transaction frames keep for `afterCommit`. */
export interface CommitWaiters {
  committed: (() => void)[];
}

/**
 * The port's `detached` and `afterCommit` over a driver's transaction context: work waiting for a commit
 * is kept on the open frame (the driver runs it after COMMIT), outside one it runs at once.
 */
export function outsideTransactions(
  context: AsyncLocalStorage<unknown>,
  current: () => CommitWaiters | undefined,
): Pick<SqlPort, 'detached' | 'afterCommit'> {
  return {
    detached: (work) => context.exit(work),
    afterCommit(work) {
      const frame = current();
      if (frame) {
        frame.committed.push(work);
      } else {
        context.exit(work);
      }
    },
  };
}
