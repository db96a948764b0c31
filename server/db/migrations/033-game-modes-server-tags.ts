import type { Migration } from '../migrate.js';

/**
 * Game modes, server tags and the stage queue (API.md decisions 74 and 76): a tournament's mode and
 * required tags, the modes a map is played in, a server's tags, and whether a match is on stage and when
 * its Go was pressed. Lists are JSON arrays.
 */
export const gameModesServerTags: Migration = {
  version: 33,
  name: 'game-modes-server-tags',
  up(db) {
    db.exec(`
      ALTER TABLE tournaments ADD COLUMN game_mode TEXT NOT NULL DEFAULT 'competitive';
      ALTER TABLE tournaments ADD COLUMN server_tags TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE maps ADD COLUMN modes TEXT NOT NULL DEFAULT '["competitive"]';
      ALTER TABLE servers ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE matches ADD COLUMN on_stage INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE matches ADD COLUMN go_at INTEGER;
    `);
  },
};
