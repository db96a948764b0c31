import type { Migration } from '../migrate.js';

/**
 * How many test events each server's plugin delivered: a connection test waits for the count to grow,
 * so it sees the event whichever instance of a cluster the plugin reached.
 */
export const serverTestEvents: Migration = {
  version: 25,
  name: 'server-test-events',
  up(db) {
    db.exec('ALTER TABLE servers ADD COLUMN test_events INTEGER NOT NULL DEFAULT 0');
  },
};
