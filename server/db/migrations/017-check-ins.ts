import type { Migration } from '../migrate.js';

/** Team check-ins of a tournament (API.md decisions 33-36); they stay through a reset. */
export const checkIns: Migration = {
  version: 17,
  name: 'check-ins',
  up(db) {
    db.exec(`
      CREATE TABLE tournament_check_ins (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        team_id TEXT NOT NULL,
        checked_in_at INTEGER NOT NULL,
        -- admin or player
        by_whom TEXT NOT NULL,
        PRIMARY KEY (tournament_id, team_id)
      ) STRICT;
    `);
  },
};
