import type { Migration } from '../migrate.js';

/** Who leads the background work (API.md decision 69); the PostgreSQL twin is in postgres/migrations.ts. */
export const leases: Migration = {
  version: 21,
  name: 'leases',
  up(db) {
    db.exec(`
      CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        -- Milliseconds since the epoch: a lease lives 10 s and is renewed every 2 s.
        expires_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
