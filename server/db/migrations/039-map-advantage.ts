import type { Migration } from '../migrate.js';

/**
 * The grand-final map advantage (API.md decision 78): the team a match starts one map up for
 * (`team1`/`team2`), null for every other match.
 */
export const mapAdvantage: Migration = {
  version: 39,
  name: 'map-advantage',
  up(db) {
    db.exec(`ALTER TABLE matches ADD COLUMN map_advantage TEXT;`);
  },
};
