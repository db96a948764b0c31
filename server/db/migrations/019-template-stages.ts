import type { Migration } from '../migrate.js';

/** A template of a `groups_playoffs` tournament keeps its two stages (API.md decision 24) as JSON, else NULL. */
export const templateStages: Migration = {
  version: 19,
  name: 'template-stages',
  up(db) {
    db.exec('ALTER TABLE tournament_templates ADD COLUMN stages TEXT;');
  },
};
