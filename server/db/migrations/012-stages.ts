import type { Migration } from '../migrate.js';

/** Tournament stages (groups then playoffs) and the stage and group of every match. */
export const stages: Migration = {
  version: 12,
  name: 'stages',
  up(db) {
    db.exec(`
      -- The stages of a groups_playoffs tournament as given (JSON), NULL for a single-stage one.
      ALTER TABLE tournaments ADD COLUMN stages TEXT;
      -- Playoff seat name ("Group A #1") -> team id once the playoffs are filled (JSON), else NULL.
      ALTER TABLE tournaments ADD COLUMN playoff_seats TEXT;
      -- main, groups or playoffs; NULL for a manual match.
      ALTER TABLE matches ADD COLUMN stage TEXT;
      ALTER TABLE matches ADD COLUMN group_name TEXT;
      UPDATE matches SET stage = 'main' WHERE tournament_id IS NOT NULL;
    `);
  },
};
