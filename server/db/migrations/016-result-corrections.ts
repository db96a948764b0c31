import type { Migration } from '../migrate.js';

/** Result corrections (API.md decisions 39-40): when a match was corrected, and the log of each one. */
export const resultCorrections: Migration = {
  version: 16,
  name: 'result-corrections',
  up(db) {
    db.exec(`
      ALTER TABLE matches ADD COLUMN corrected_at INTEGER;
      -- One row per applied correction; it goes with its match (tournament reset or delete).
      CREATE TABLE result_corrections (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        match_slug TEXT NOT NULL REFERENCES matches (slug) ON DELETE CASCADE,
        match_label TEXT NOT NULL,
        tournament_id INTEGER,
        at INTEGER NOT NULL,
        -- { kind, label, platformId } of who corrected it (JSON).
        by_whom TEXT NOT NULL,
        reason TEXT,
        forced INTEGER NOT NULL,
        -- { winnerId, team1SeriesScore, team2SeriesScore, forfeit } before and after (JSON).
        before TEXT NOT NULL,
        after TEXT NOT NULL,
        -- Slugs of the downstream matches repaired and reset (JSON arrays).
        repaired TEXT NOT NULL,
        reset TEXT NOT NULL
      ) STRICT;
      CREATE INDEX result_corrections_match ON result_corrections (match_slug);
      CREATE INDEX result_corrections_tournament ON result_corrections (tournament_id);
    `);
  },
};
