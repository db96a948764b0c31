import type { Migration } from '../migrate.js';

/**
 * Failed sign-ins per address, so every instance on one PostgreSQL database counts the same failures (issue
 * 26); the SQLite file keeps counting in memory and leaves this table empty.
 */
export const signInFailures: Migration = {
  version: 37,
  name: 'sign-in-failures',
  up(db) {
    db.exec(`
      CREATE TABLE sign_in_failures (
        scope TEXT NOT NULL,
        address TEXT NOT NULL,
        failed_at INTEGER NOT NULL
      );
      CREATE INDEX sign_in_failures_by_address ON sign_in_failures (scope, address, failed_at);
    `);
  },
};
