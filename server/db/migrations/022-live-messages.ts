import type { Migration } from '../migrate.js';

/**
 * The live messages of a cluster, in one id sequence (API.md decision 70): every instance sends what
 * any instance wrote here. Unused by the single SQLite instance; kept so both engines share one schema.
 */
export const liveMessages: Migration = {
  version: 22,
  name: 'live-messages',
  up(db) {
    db.exec(`
      CREATE TABLE live_messages (
        id INTEGER PRIMARY KEY,
        admin_only INTEGER NOT NULL,
        body TEXT NOT NULL
      ) STRICT;
    `);
  },
};
