import type { Migration } from '../migrate.js';

/**
 * The last preflight's checks (API.md decision 57), one row: the dashboard and the server pages show
 * them until the next run.
 */
export const preflightResults: Migration = {
  version: 26,
  name: 'preflight-results',
  up(db) {
    db.exec(`
      CREATE TABLE preflight_results (
        name TEXT PRIMARY KEY,
        ran_at INTEGER NOT NULL,
        ok INTEGER NOT NULL,
        checks TEXT NOT NULL
      ) STRICT;
    `);
  },
};
