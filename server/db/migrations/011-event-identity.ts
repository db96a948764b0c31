import type { Migration } from '../migrate.js';

/**
 * Every delivery of a plugin event is stored (PROTOCOL.md 3.1.1): a retry and a new identical event
 * have the same bytes, so the body hash only marks a repeat for the log and is no longer unique.
 * SQLite cannot drop a UNIQUE constraint, so the table is rebuilt with its rows.
 */
export const eventIdentity: Migration = {
  version: 11,
  name: 'event-identity',
  up(db) {
    db.exec(`
      CREATE TABLE plugin_events_new (
        id INTEGER PRIMARY KEY,
        -- Same bytes as an earlier delivery: a retry or a repeat of the same fact (for the log only).
        body_hash TEXT NOT NULL,
        event TEXT NOT NULL,
        matchid INTEGER,
        map_number INTEGER,
        sender TEXT,
        match_slug TEXT,
        body TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        -- applied, ignored (why), or unmatched.
        outcome TEXT NOT NULL
      ) STRICT;
      INSERT INTO plugin_events_new
        SELECT id, body_hash, event, matchid, map_number, sender, match_slug, body, received_at, outcome
        FROM plugin_events;
      DROP TABLE plugin_events;
      ALTER TABLE plugin_events_new RENAME TO plugin_events;
      CREATE INDEX plugin_events_match ON plugin_events (match_slug, id);
      CREATE INDEX plugin_events_hash ON plugin_events (body_hash);
      -- A restored round's score is looked up by match, map and event (backup_loaded, 2.4.16).
      CREATE INDEX plugin_events_matchid ON plugin_events (matchid, map_number, event, id);
    `);
  },
};
