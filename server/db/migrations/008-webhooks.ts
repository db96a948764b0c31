import type { Migration } from '../migrate.js';

/** Webhook endpoints, the outbox of deliveries with their attempts, and per-match event state. */
export const webhooks: Migration = {
  version: 8,
  name: 'webhooks',
  up(db) {
    db.exec(`
      CREATE TABLE webhook_endpoints (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        url TEXT NOT NULL,
        -- JSON array of event kinds.
        events TEXT NOT NULL,
        teams_source TEXT,
        -- Kept to sign; never answered again after the create response.
        secret TEXT NOT NULL,
        enabled INTEGER NOT NULL DEFAULT 1,
        -- The notice shown after the last retry failed and the endpoint was turned off.
        disabled_reason TEXT,
        disabled_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      -- The outbox: written in the transaction of the change it announces; the body is signed as stored.
      CREATE TABLE webhook_deliveries (
        id INTEGER PRIMARY KEY,
        endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id TEXT NOT NULL,
        type TEXT NOT NULL,
        -- Deliveries of one match go out one at a time per endpoint, in creation (= sequence) order.
        matchid INTEGER,
        sequence INTEGER NOT NULL,
        body TEXT NOT NULL,
        -- pending, delivered, or failed (all retries spent).
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,
        resend_of INTEGER,
        created_at INTEGER NOT NULL,
        delivered_at INTEGER
      ) STRICT;
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
      CREATE INDEX webhook_deliveries_order ON webhook_deliveries (endpoint_id, matchid, id)
        WHERE state = 'pending';
      CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, id);

      CREATE TABLE webhook_attempts (
        id INTEGER PRIMARY KEY,
        delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempted_at INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        status_code INTEGER,
        response_body TEXT,
        error TEXT
      ) STRICT;
      CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);

      -- Keyed by matchid, never reused (slugs are): data.sequence keeps increasing per match.
      CREATE TABLE webhook_match_state (
        matchid INTEGER PRIMARY KEY,
        match_slug TEXT NOT NULL,
        sequence INTEGER NOT NULL DEFAULT 0,
        last_score_at INTEGER,
        last_score_key TEXT,
        -- A score change held back by the 5-second rule, sent with the latest score at this time.
        score_due_at INTEGER
      ) STRICT;
      CREATE INDEX webhook_score_due ON webhook_match_state (score_due_at) WHERE score_due_at IS NOT NULL;
    `);
  },
};
