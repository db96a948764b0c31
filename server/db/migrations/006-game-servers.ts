import type { Migration } from '../migrate.js';

/**
 * What Matchday knows of each game server's plugin, the loads it sent, the reports and demos that
 * came back, and the stored deadlines that hold a server after a map (they survive a restart).
 */
export const gameServers: Migration = {
  version: 6,
  name: 'game-servers',
  up(db) {
    db.exec(`
      ALTER TABLE servers ADD COLUMN flavour TEXT NOT NULL DEFAULT 'plugin';
      ALTER TABLE servers ADD COLUMN trusted INTEGER NOT NULL DEFAULT 0;
      -- Handed over at every setup; an older one is stale (401).
      ALTER TABLE servers ADD COLUMN bootstrap_token TEXT;
      ALTER TABLE servers ADD COLUMN report_token TEXT;
      ALTER TABLE servers ADD COLUMN setup_at INTEGER;
      ALTER TABLE servers ADD COLUMN setup_error TEXT;
      ALTER TABLE servers ADD COLUMN bootstrapped_at INTEGER;
      ALTER TABLE servers ADD COLUMN configured_at INTEGER;
      ALTER TABLE servers ADD COLUMN plugin_version TEXT;
      ALTER TABLE servers ADD COLUMN reported_hostname TEXT;
      ALTER TABLE servers ADD COLUMN plugin_status TEXT;
      ALTER TABLE servers ADD COLUMN db_ok INTEGER;
      ALTER TABLE servers ADD COLUMN db_type TEXT;
      ALTER TABLE servers ADD COLUMN db_error TEXT;
      ALTER TABLE servers ADD COLUMN update_required_version TEXT;
      -- A map ended and its demo has not reported back: the server is held until then, at most this.
      ALTER TABLE servers ADD COLUMN demo_hold_until INTEGER;
      ALTER TABLE servers ADD COLUMN demo_hold_match TEXT;
      ALTER TABLE servers ADD COLUMN demo_hold_uploading INTEGER NOT NULL DEFAULT 0;

      CREATE TABLE match_loads (
        load_id TEXT PRIMARY KEY,
        match_slug TEXT NOT NULL REFERENCES matches (slug) ON DELETE CASCADE,
        server_id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        -- The plugin fetched the config with this load id: the proof that the load worked.
        fetched_at INTEGER,
        ended_at INTEGER
      ) STRICT;
      CREATE INDEX match_loads_match ON match_loads (match_slug, created_at);

      -- Who is connected and ready, pauses, and the plugin's last report: from events and reports.
      CREATE TABLE match_live (
        match_slug TEXT PRIMARY KEY REFERENCES matches (slug) ON DELETE CASCADE,
        updated_at INTEGER NOT NULL,
        state TEXT NOT NULL
      ) STRICT;

      CREATE TABLE demos (
        match_slug TEXT NOT NULL REFERENCES matches (slug) ON DELETE CASCADE,
        map_number INTEGER NOT NULL,
        file_name TEXT NOT NULL,
        plugin_file_name TEXT NOT NULL,
        size_bytes INTEGER NOT NULL,
        server_id TEXT,
        stored_at INTEGER NOT NULL,
        PRIMARY KEY (match_slug, map_number)
      ) STRICT;
    `);
  },
};
