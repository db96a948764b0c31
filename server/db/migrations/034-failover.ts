import type { Migration } from '../migrate.js';

/**
 * Automatic failover (API.md decision 56): when the plugin on a server started up while Matchday had a
 * match on it (the plugin lost that match), until the failover acted on it; and the server a match was last
 * moved away from (its late events are answered "the match moved to <server>").
 */
export const failover: Migration = {
  version: 34,
  name: 'failover',
  up(db) {
    db.exec(`
      ALTER TABLE servers ADD COLUMN lost_match_at INTEGER;
      ALTER TABLE matches ADD COLUMN moved_from TEXT;
    `);
  },
};
