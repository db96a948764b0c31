import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { outsideTransactions, type RunResult, type SqlPort, type SqlStatement } from '../sql-port.js';
import { bindValues, toNumberedPlaceholders } from './placeholders.js';

/**
 * Every write transaction takes this transaction-scoped advisory lock first: writers on every instance
 * run one at a time, as SQLite's BEGIN IMMEDIATE makes them, so a read made inside a write transaction
 * sees every earlier commit and nobody else's write until COMMIT (READ COMMITTED plus the gate).
 */
export const WRITE_GATE_LOCK = 0x4d44_5700; // "MDW"

interface TxFrame {
  client: pg.PoolClient;
  savepoints: number;
  done: boolean;
  /** Work waiting for the commit. */
  committed: (() => void)[];
}

// BIGINT and NUMERIC (COUNT, SUM) come back as JavaScript numbers, as better-sqlite3 gives them.
const toNumber = (value: string) => Number(value);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
      ? toNumber
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const READ_ONLY = /^\s*(SELECT|WITH)\b/i;

export interface PostgresPortOptions {
  connectionString: string;
  /** Connections kept open; every transaction holds one until it ends. */
  poolSize?: number;
}

/** The storage port over a PostgreSQL pool; transactions ride on AsyncLocalStorage like SQLite's. */
export function createPostgresPort(options: PostgresPortOptions): SqlPort & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    types,
  });
  // An idle connection the server dropped must not take the process down.
  pool.on('error', () => undefined);
  const context = new AsyncLocalStorage<TxFrame>();
  const current = () => {
    const frame = context.getStore();
    return frame && !frame.done ? frame : undefined;
  };

  async function query(text: string, values: unknown[], rowMode?: 'array'): Promise<pg.QueryResult> {
    const frame = current();
    const config = { text, values, ...(rowMode ? { rowMode } : {}) };
    if (frame) {
      return frame.client.query(config);
    }
    if (!READ_ONLY.test(text)) {
      // A write outside a transaction still goes through the write gate, as on SQLite.
      return transaction('BEGIN', true, () => query(text, values, rowMode));
    }
    return pool.query(config);
  }

  function statement<P extends unknown[], R>(sql: string, plucked: boolean): SqlStatement<P, R> {
    const translated = toNumberedPlaceholders(sql);
    const rows = async (params: unknown[]) =>
      (await query(translated.text, bindValues(translated, params), plucked ? 'array' : undefined)).rows;
    const value = (row: unknown) => (plucked ? (row as unknown[])[0] : row) as R;
    return {
      async get(...params) {
        const [row] = await rows(params);
        return row === undefined ? undefined : value(row);
      },
      async all(...params) {
        return (await rows(params)).map(value);
      },
      async run(...params): Promise<RunResult> {
        const result = await query(translated.text, bindValues(translated, params), 'array');
        const first = (result.rows[0] as unknown[] | undefined)?.[0];
        return { changes: result.rowCount ?? 0, lastInsertRowid: typeof first === 'number' ? first : 0 };
      },
      pluck<V>() {
        return statement<P, V>(sql, true);
      },
    };
  }

  async function transaction<T>(begin: string, gated: boolean, work: () => Promise<T>): Promise<T> {
    const frame = current();
    if (frame) {
      const name = `sp${++frame.savepoints}`;
      await frame.client.query(`SAVEPOINT ${name}`);
      try {
        const result = await work();
        await frame.client.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (err) {
        await frame.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw err;
      }
    }
    const client = await pool.connect();
    const root: TxFrame = { client, savepoints: 0, done: false, committed: [] };
    let broken: unknown;
    try {
      await client.query(begin);
      if (gated) {
        await client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_GATE_LOCK]);
      }
      const result = await context.run(root, work);
      await client.query('COMMIT');
      root.done = true;
      context.exit(() => root.committed.forEach((later) => later()));
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch((rollbackErr: unknown) => (broken = rollbackErr));
      throw err;
    } finally {
      root.done = true;
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  return {
    dialect: 'postgres',
    pool,
    prepare: <P extends unknown[], R>(sql: string) => statement<P, R>(sql, false),
    tx: (work) => transaction('BEGIN', true, work),
    readTogether: (work) =>
      current() ? work() : transaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', false, work),
    ...outsideTransactions(context, current),
    get inTransaction() {
      return current() !== undefined;
    },
    // Other instances write to the same database: nothing may be cached on this instance's writes.
    writeVersion: () => Promise.resolve(undefined),
    async listen(channel, wake) {
      const client = await pool.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) {
          wake();
        }
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        client.release();
      };
    },
    async notify(channel) {
      await query('SELECT pg_notify($1, NULL)', [channel]);
    },
    close: () => pool.end(),
  };
}
