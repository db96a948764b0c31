import type { Migration } from '../migrate.js';

/** A match a team lost by not checking in (API.md decision 36): `{ teamIds, reason }` as JSON, else NULL. */
export const forfeits: Migration = {
  version: 18,
  name: 'forfeits',
  up(db) {
    db.exec('ALTER TABLE matches ADD COLUMN forfeit TEXT;');
  },
};
