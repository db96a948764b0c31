import type { Migration } from '../migrate.js';

/**
 * The team size a manual match plays (the plugin's `players_per_team`); null for a tournament match,
 * which plays its tournament's `teamSize`.
 */
export const matchTeamSize: Migration = {
  version: 14,
  name: 'match-team-size',
  up(db) {
    db.exec(`ALTER TABLE matches ADD COLUMN team_size INTEGER;`);
  },
};
