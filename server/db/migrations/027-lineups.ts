import type { Migration } from '../migrate.js';

/**
 * Lineups and roster changes (API.md decisions 62-63): a roster entry's role (`player` or the one
 * `coach`), each match's chosen lineup per team, and the log of every roster and lineup change.
 */
export const lineups: Migration = {
  version: 27,
  name: 'lineups',
  up(db) {
    db.exec(`
      ALTER TABLE team_players ADD COLUMN role TEXT NOT NULL DEFAULT 'player';
      CREATE TABLE match_lineups (
        match_slug TEXT NOT NULL REFERENCES matches (slug) ON DELETE CASCADE,
        team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        -- JSON array of platform ids in lineup order.
        platform_ids TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (match_slug, team_id)
      ) STRICT;
      CREATE TABLE team_changes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        actor TEXT NOT NULL,
        kind TEXT NOT NULL,
        match_slug TEXT,
        -- JSON of what changed, before and after.
        before TEXT NOT NULL,
        after TEXT NOT NULL
      ) STRICT;
      CREATE INDEX team_changes_team ON team_changes (team_id, id);
    `);
  },
};
