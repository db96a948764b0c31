import type { Migration } from '../migrate.js';

/**
 * The organiser's attention queue (API.md decision 64): one row per thing that needs a human, unique
 * by kind and key so raising it again changes nothing; and when each player last called an admin
 * (decision 65: one call per 2 minutes), kept in the database so every instance enforces it.
 */
export const attentionQueue: Migration = {
  version: 28,
  name: 'attention-queue',
  up(db) {
    db.exec(`
      CREATE TABLE attention_items (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        item_key TEXT NOT NULL,
        match_slug TEXT,
        server_id TEXT,
        team_id TEXT,
        message TEXT NOT NULL,
        since INTEGER NOT NULL,
        acknowledged_at INTEGER,
        UNIQUE (kind, item_key)
      ) STRICT;
      CREATE TABLE admin_calls (
        platform_id TEXT PRIMARY KEY,
        called_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
