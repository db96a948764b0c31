import type { Migration } from '../migrate.js';

/** A veto's version: an action applies only to the version it was chosen on, so two never both apply. */
export const vetoVersion: Migration = {
  version: 7,
  name: 'veto-version',
  up(db) {
    db.exec(`ALTER TABLE matches ADD COLUMN veto_version INTEGER NOT NULL DEFAULT 0;`);
  },
};
