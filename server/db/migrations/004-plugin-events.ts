import type { Migration } from '../migrate.js';

/** Plugin events stored raw before they are applied, and what the map score tiebreak needs. */
export const pluginEvents: Migration = {
  version: 4,
  name: 'plugin-events',
  up(db) {
    db.exec(`
      CREATE TABLE plugin_events (
        id INTEGER PRIMARY KEY,
        -- The plugin retries byte-identical bodies, possibly hours late: the hash finds them.
        body_hash TEXT NOT NULL UNIQUE,
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
      CREATE INDEX plugin_events_match ON plugin_events (match_slug, id);

      ALTER TABLE match_maps ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE match_maps ADD COLUMN last_round INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE match_maps ADD COLUMN team1_damage INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE match_maps ADD COLUMN team2_damage INTEGER NOT NULL DEFAULT 0;
    `);
  },
};
