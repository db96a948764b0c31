import type { Migration } from '../migrate.js';

/**
 * The plugin match ids a restarted match played under before: the abandoned attempt's round backups
 * and retried events carry them, and are ignored with the match named instead of counting again.
 * Each server's event base URL: the address it was set up with, kept while it still works (a new
 * `remote_log_url` makes the plugin delete its undelivered events).
 */
export const retiredMatchids: Migration = {
  version: 24,
  name: 'retired-matchids',
  up(db) {
    db.exec(`
      CREATE TABLE retired_matchids (
        matchid INTEGER PRIMARY KEY,
        match_slug TEXT NOT NULL REFERENCES matches (slug) ON DELETE CASCADE
      ) STRICT;
      ALTER TABLE servers ADD COLUMN event_base_url TEXT;
    `);
  },
};
