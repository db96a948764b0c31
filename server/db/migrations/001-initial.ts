import type { Migration } from '../migrate.js';

export const initial: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE app_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      CREATE TABLE players (
        platform_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        chat_id TEXT,
        -- 1 once an admin or the player set or cleared the chat id; imports then leave it alone.
        chat_id_set_by_hand INTEGER NOT NULL DEFAULT 0,
        rating REAL NOT NULL DEFAULT 1500,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX players_chat_id ON players (chat_id) WHERE chat_id IS NOT NULL;

      CREATE TABLE teams (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        tag TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE team_players (
        team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        platform_id TEXT NOT NULL REFERENCES players (platform_id),
        name TEXT NOT NULL,
        position INTEGER NOT NULL,
        PRIMARY KEY (team_id, platform_id)
      ) STRICT;
      CREATE INDEX team_players_platform ON team_players (platform_id);

      CREATE TABLE servers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        host TEXT NOT NULL,
        port INTEGER NOT NULL,
        rcon_password TEXT NOT NULL,
        server_password TEXT NOT NULL DEFAULT '',
        hostname_format TEXT NOT NULL DEFAULT '',
        game_build_id TEXT,
        game_version TEXT,
        last_seen_at INTEGER,
        enabled INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE maps (
        id TEXT PRIMARY KEY,
        display_name TEXT NOT NULL,
        image_url TEXT,
        workshop_id TEXT,
        enabled INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE map_pools (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        is_default INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE map_pool_maps (
        pool_id INTEGER NOT NULL REFERENCES map_pools (id) ON DELETE CASCADE,
        map_id TEXT NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        PRIMARY KEY (pool_id, map_id)
      ) STRICT;

      CREATE TABLE sessions (
        id_hash TEXT PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('admin', 'player')),
        platform_id TEXT,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE admin_links (
        token_hash TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      ) STRICT;
    `);
  },
};
