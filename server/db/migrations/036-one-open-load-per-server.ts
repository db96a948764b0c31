import type { Migration } from '../migrate.js';

/** Closes loads left open before the rule, then lets the database hold at most one open load per server. */
export const ONE_OPEN_LOAD_PER_SERVER_SQL = `
  UPDATE match_loads SET ended_at = created_at
  WHERE ended_at IS NULL AND NOT EXISTS (
    SELECT 1 FROM matches m
    WHERE m.slug = match_loads.match_slug AND m.server_id = match_loads.server_id
      AND m.status IN ('loaded', 'live')
  );
  UPDATE match_loads SET ended_at = created_at
  WHERE ended_at IS NULL AND EXISTS (
    SELECT 1 FROM match_loads newer
    WHERE newer.server_id = match_loads.server_id AND newer.ended_at IS NULL
      AND (newer.created_at > match_loads.created_at
        OR (newer.created_at = match_loads.created_at AND newer.load_id > match_loads.load_id))
  );
  CREATE UNIQUE INDEX match_loads_one_open_per_server ON match_loads (server_id) WHERE ended_at IS NULL;
`;

/**
 * One open load per game server (issue 26 item 3): two instances racing to load one server cannot
 * both succeed, the database refuses the second.
 */
export const oneOpenLoadPerServer: Migration = {
  version: 36,
  name: 'one-open-load-per-server',
  up(db) {
    db.exec(ONE_OPEN_LOAD_PER_SERVER_SQL);
  },
};
