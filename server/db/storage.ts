import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import { startCheckpointer } from './checkpointer.js';
import { closeDatabase, openDatabase, type Db } from './open.js';
import { createPostgresPort } from './postgres/driver.js';
import { migratePostgres } from './postgres/migrate.js';
import { POSTGRES_MIGRATIONS } from './postgres/migrations.js';
import type { SqlPort } from './sql-port.js';
import { createSqlitePort } from './sqlite-driver.js';

export interface Storage {
  sql: SqlPort;
  /** The SQLite connection itself (file backups); undefined on PostgreSQL. */
  sqlite: Db | undefined;
  /** Waits for an open transaction, then closes (SQLite folds its WAL back first). */
  close(): Promise<void>;
}

/**
 * The engine API.md decision 68 picks: PostgreSQL when `DATABASE_URL` is set, else the SQLite file in
 * the data folder; either is brought to the latest schema before anything reads it.
 */
export async function openStorage(config: AppConfig, logger: Logger): Promise<Storage> {
  if (config.databaseUrl) {
    const port = createPostgresPort({ connectionString: config.databaseUrl });
    try {
      await migratePostgres(port.pool, POSTGRES_MIGRATIONS);
    } catch (err) {
      await port.close();
      throw err;
    }
    return { sql: port, sqlite: undefined, close: () => port.close() };
  }
  const db = openDatabase(config.dataDir);
  const sql = createSqlitePort(db, {
    // Under test a transaction that waits on I/O fails; in use it is reported and committed.
    onTransactionWaited: process.env.VITEST
      ? 'throw'
      : (err) => logger.error({ module: 'db', err }, err.message),
  });
  const checkpointer = startCheckpointer(db, { hold: sql.holdUntil });
  return {
    sql,
    sqlite: db,
    async close() {
      checkpointer.stop();
      await sql.close();
      closeDatabase(db);
    },
  };
}
