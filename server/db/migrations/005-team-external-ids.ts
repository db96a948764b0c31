import type { Migration } from '../migrate.js';

/** Team ids of external websites (teams API), one per website: the integrator token's label is the source. */
export const teamExternalIds: Migration = {
  version: 5,
  name: 'team-external-ids',
  up(db) {
    db.exec(`
      CREATE TABLE team_external_ids (
        source TEXT NOT NULL,
        external_id TEXT NOT NULL,
        team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        PRIMARY KEY (source, external_id),
        UNIQUE (team_id, source)
      ) STRICT;
    `);
  },
};
