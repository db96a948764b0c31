import type { PostgresMigration } from './migrate.js';

/**
 * PostgreSQL's twins of the SQLite migrations after the baseline (version 21 on), in order. A SQLite
 * migration without its twin here fails `test/unit/schema-parity.test.ts`.
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [];
