import type { Migration } from '../migrate.js';

/**
 * A tournament's teams and its seed order were JSON arrays in text columns; now they are rows, one
 * per team, in the order they were entered and seeded. Existing tournaments keep both lists.
 */
export const tournamentTeams: Migration = {
  version: 13,
  name: 'tournament-teams',
  up(db) {
    db.exec(`
      CREATE TABLE tournament_teams (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        -- The order the organiser entered the teams in (the seed order of manual seeding), from 0.
        position INTEGER NOT NULL,
        team_id TEXT NOT NULL,
        PRIMARY KEY (tournament_id, position)
      ) STRICT;

      -- The teams in seed order once started (manual, random or by rating), best seed first.
      CREATE TABLE tournament_seeds (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        seed INTEGER NOT NULL,
        team_id TEXT NOT NULL,
        PRIMARY KEY (tournament_id, seed)
      ) STRICT;

      INSERT INTO tournament_teams (tournament_id, position, team_id)
        SELECT t.id, CAST(j.key AS INTEGER), j.value FROM tournaments t, json_each(t.team_ids) j;
      INSERT INTO tournament_seeds (tournament_id, seed, team_id)
        SELECT t.id, CAST(j.key AS INTEGER) + 1, j.value FROM tournaments t, json_each(t.seeds) j;

      ALTER TABLE tournaments DROP COLUMN team_ids;
      ALTER TABLE tournaments DROP COLUMN seeds;
    `);
  },
};
