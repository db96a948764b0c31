import type { Migration } from '../migrate.js';

/**
 * A groups_playoffs tournament's playoff seats were a JSON object in a text column (seat name -> team
 * id); now they are rows, one per seat, in the order they were filled. No rows: the playoffs are not
 * filled (a filled playoff always has two seats or more, decision 24). Existing tournaments keep theirs.
 */
export const playoffSeats: Migration = {
  version: 20,
  name: 'playoff-seats',
  up(db) {
    db.exec(`
      CREATE TABLE tournament_playoff_seats (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        -- The seat's place in the playoff seeding order ("Group A #1", "Group B #1", ...), from 0.
        position INTEGER NOT NULL,
        -- The seat's name, as the empty playoff slots show it ("Group A #1").
        seat TEXT NOT NULL,
        team_id TEXT NOT NULL,
        PRIMARY KEY (tournament_id, position),
        UNIQUE (tournament_id, seat)
      ) STRICT;

      INSERT INTO tournament_playoff_seats (tournament_id, position, seat, team_id)
        SELECT t.id, ROW_NUMBER() OVER (PARTITION BY t.id ORDER BY j.id) - 1, j.key, j.value
        FROM tournaments t, json_each(t.playoff_seats) j
        WHERE t.playoff_seats IS NOT NULL;

      ALTER TABLE tournaments DROP COLUMN playoff_seats;
    `);
  },
};
