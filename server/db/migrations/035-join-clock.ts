import type { Migration } from '../migrate.js';

/**
 * The join clock (API.md decision 59): a match's stored deadline (checked by the leader, so it holds
 * across restarts), whether an admin holds it, and each side's players connected to its server.
 */
export const joinClock: Migration = {
  version: 35,
  name: 'join-clock',
  up(db) {
    db.exec(`
      ALTER TABLE matches ADD COLUMN join_deadline INTEGER;
      ALTER TABLE matches ADD COLUMN join_held INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE matches ADD COLUMN team1_present INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE matches ADD COLUMN team2_present INTEGER NOT NULL DEFAULT 0;
    `);
  },
};
