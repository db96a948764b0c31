import type { Migration } from '../migrate.js';

/**
 * The test match on every server (API.md decision 58): one row per server of the last run, its steps'
 * times and the load's error. Its matchid comes from `match_ids`, so no real match ever shares it and the
 * plugin's late events for it find no match. The row is the report; the match itself is never stored.
 */
export const testMatches: Migration = {
  version: 32,
  name: 'test-matches',
  up(db) {
    db.exec(`
      CREATE TABLE test_match_servers (
        server_id TEXT PRIMARY KEY REFERENCES servers (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        matchid INTEGER NOT NULL UNIQUE,
        load_at INTEGER,
        load_error TEXT,
        fetched_at INTEGER,
        live_at INTEGER,
        completed_at INTEGER,
        demo_at INTEGER
      ) STRICT;
    `);
  },
};
