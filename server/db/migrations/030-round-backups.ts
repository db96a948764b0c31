import type { Migration } from '../migrate.js';

/**
 * The plugin's round backups as Matchday keeps them (API.md decision 54): one row per match, map and
 * round; the file itself lies under the files folder, named by `file_name`. Rows go with their match.
 * A server a match was moved away from is blocked as failed until its setup runs again; a match whose
 * move waits for a free server is `moving`, with the round asked for (decision 55).
 */
export const roundBackups: Migration = {
  version: 30,
  name: 'round-backups',
  up(db) {
    db.exec(`
      CREATE TABLE round_backups (
        match_slug TEXT NOT NULL REFERENCES matches (slug) ON DELETE CASCADE,
        map_number INTEGER NOT NULL,
        round INTEGER NOT NULL,
        team1_score INTEGER NOT NULL,
        team2_score INTEGER NOT NULL,
        size_bytes INTEGER NOT NULL,
        file_name TEXT NOT NULL,
        server_id TEXT,
        stored_at INTEGER NOT NULL,
        PRIMARY KEY (match_slug, map_number, round)
      ) STRICT;
      ALTER TABLE servers ADD COLUMN failed_at INTEGER;
      ALTER TABLE matches ADD COLUMN moving INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE matches ADD COLUMN move_round INTEGER;
    `);
  },
};
