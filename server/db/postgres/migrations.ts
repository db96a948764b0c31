import type { PostgresMigration } from './migrate.js';

/**
 * PostgreSQL's twins of the SQLite migrations after the baseline (version 21 on), in order. A SQLite
 * migration without its twin here fails `test/unit/schema-parity.test.ts`.
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 21,
    name: 'leases',
    sql: `CREATE TABLE leases (
      name TEXT PRIMARY KEY,
      holder TEXT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
  },
];
