import type { Migration } from '../migrate.js';

/**
 * Automatic failover (API.md decision 56): when the plugin on a server last started up (a start-up
 * while Matchday has a live match there means the plugin lost it), and the server a match was last
 * moved away from (its late events are answered "the match moved to <server>").
 */
export const failover: Migration = {
  version: 34,
  name: 'failover',
  up(db) {
    db.exec(`
      ALTER TABLE servers ADD COLUMN plugin_started_at INTEGER;
      ALTER TABLE matches ADD COLUMN moved_from TEXT;
    `);
  },
};
