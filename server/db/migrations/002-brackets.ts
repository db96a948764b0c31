import type { Migration } from '../migrate.js';

/**
 * Storage of brackets-manager (single, double elimination, round robin). The library filters on its
 * key columns; those are real indexed columns here, the rest of each entity is its own JSON document.
 */
export const brackets: Migration = {
  version: 2,
  name: 'brackets',
  up(db) {
    db.exec(`
      CREATE TABLE bracket_rows (
        tbl TEXT NOT NULL,
        id INTEGER NOT NULL,
        tournament_id INTEGER,
        stage_id INTEGER,
        group_id INTEGER,
        round_id INTEGER,
        parent_id INTEGER,
        number INTEGER,
        data TEXT NOT NULL,
        PRIMARY KEY (tbl, id)
      ) STRICT;
      CREATE INDEX bracket_rows_stage ON bracket_rows (tbl, stage_id, number);
      CREATE INDEX bracket_rows_group ON bracket_rows (tbl, group_id, number);
      CREATE INDEX bracket_rows_round ON bracket_rows (tbl, round_id, number);
      CREATE INDEX bracket_rows_parent ON bracket_rows (tbl, parent_id);
      CREATE INDEX bracket_rows_tournament ON bracket_rows (tbl, tournament_id);
    `);
  },
};
