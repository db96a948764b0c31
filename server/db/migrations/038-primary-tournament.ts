import type { Migration } from '../migrate.js';

/**
 * Several tournaments at once (API.md decision 73): the one the singular `/api/tournament` paths mean.
 * At most one row carries 1; with none, the first created is the primary.
 */
export const primaryTournament: Migration = {
  version: 38,
  name: 'primary-tournament',
  up(db) {
    db.exec(`ALTER TABLE tournaments ADD COLUMN is_primary INTEGER NOT NULL DEFAULT 0;`);
  },
};
