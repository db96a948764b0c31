import type { Migration } from '../migrate.js';

/**
 * Reads of the event log that ran periodically over every stored event, given indexes of their own:
 * - the maps that ended: the attention sweep (every 5 s) looked for each live match's `map_result`
 *   events through a full scan of `plugin_events` (15-25 ms every 5 s measured under 500 events/s, and
 *   growing with the day);
 * - when a silent server last posted about itself (the failover's check, API.md decision 56).
 * Both partial, so the match events that make up most of the log add nothing to them.
 */
export const EVENT_LOG_INDEXES_SQL = `CREATE INDEX plugin_events_map_results ON plugin_events
    (match_slug, map_number, received_at) WHERE event = 'map_result';
  CREATE INDEX plugin_events_server_posts ON plugin_events (sender, received_at) WHERE match_slug IS NULL`;

export const eventLogIndexes: Migration = {
  version: 40,
  name: 'event-log-indexes',
  up(db) {
    db.exec(EVENT_LOG_INDEXES_SQL);
  },
};
