import type { SqlPort } from '../../db/sql-port.js';
import type { Webhook, WebhookEventType } from '../../../shared/contracts/webhooks.js';

export interface StoredWebhook extends Webhook {
  secret: string;
}

interface EndpointRow {
  id: number;
  url: string;
  events: string;
  teams_source: string | null;
  secret: string;
  enabled: number;
  disabled_reason: string | null;
  disabled_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface DeliveryRecord {
  id: number;
  endpointId: number;
  eventId: string;
  type: string;
  matchid: number | null;
  sequence: number;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: number | null;
  resendOf: number | null;
  createdAt: number;
  deliveredAt: number | null;
}

interface DeliveryRow {
  id: number;
  endpoint_id: number;
  event_id: string;
  type: string;
  matchid: number | null;
  sequence: number;
  body: string;
  state: string;
  attempts: number;
  next_attempt_at: number | null;
  resend_of: number | null;
  created_at: number;
  delivered_at: number | null;
}

export interface AttemptRecord {
  deliveryId: number;
  attemptedAt: number;
  durationMs: number;
  statusCode: number | null;
  response: string | null;
  error: string | null;
}

export interface MatchEventState {
  matchid: number;
  matchSlug: string;
  sequence: number;
  lastScoreAt: number | null;
  lastScoreKey: string | null;
  scoreDueAt: number | null;
}

const toWebhook = (r: EndpointRow): StoredWebhook => ({
  id: r.id,
  url: r.url,
  events: JSON.parse(r.events) as WebhookEventType[],
  teamsSource: r.teams_source,
  secret: r.secret,
  enabled: r.enabled === 1,
  notice: r.disabled_reason,
  disabledAt: r.disabled_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toDelivery = (r: DeliveryRow): DeliveryRecord => ({
  id: r.id,
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  type: r.type,
  matchid: r.matchid,
  sequence: r.sequence,
  body: r.body,
  state: r.state as DeliveryRecord['state'],
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  resendOf: r.resend_of,
  createdAt: r.created_at,
  deliveredAt: r.delivered_at,
});

export function createWebhooksRepo(db: SqlPort) {
  const selectEndpoints = db.prepare<[], EndpointRow>('SELECT * FROM webhook_endpoints ORDER BY id');
  const selectEndpoint = db.prepare<[number], EndpointRow>('SELECT * FROM webhook_endpoints WHERE id = ?');
  const insertEndpoint = db.prepare(
    `INSERT INTO webhook_endpoints (url, events, teams_source, secret, enabled, created_at, updated_at)
     VALUES (@url, @events, @teamsSource, @secret, @enabled, @now, @now) RETURNING id`,
  );
  const updateEndpoint = db.prepare(
    `UPDATE webhook_endpoints SET url = @url, events = @events, teams_source = @teamsSource, enabled = @enabled,
       disabled_reason = @notice, disabled_at = @disabledAt, updated_at = @now WHERE id = @id`,
  );
  const deleteEndpoint = db.prepare('DELETE FROM webhook_endpoints WHERE id = ?');

  const insertDelivery = db.prepare(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, type, matchid, sequence, body, state, next_attempt_at,
       resend_of, created_at)
     VALUES (@endpointId, @eventId, @type, @matchid, @sequence, @body, 'pending', @now, @resendOf, @now)
     RETURNING id`,
  );
  const selectDelivery = db.prepare<[number], DeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = ?');
  const selectLog = db.prepare<[number, number], DeliveryRow>(
    'SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id DESC LIMIT ?',
  );
  // Only the oldest pending delivery of a match per endpoint may go: the receiver gets them in order.
  const selectDue = db.prepare<[number, number], DeliveryRow>(
    `SELECT d.* FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.state = 'pending' AND d.next_attempt_at <= ? AND e.enabled = 1
       AND (d.matchid IS NULL OR NOT EXISTS (
         SELECT 1 FROM webhook_deliveries p WHERE p.state = 'pending' AND p.endpoint_id = d.endpoint_id
           AND p.matchid = d.matchid AND p.id < d.id))
     ORDER BY d.next_attempt_at, d.id LIMIT ?`,
  );
  const selectNextDue = db
    .prepare<[], number | null>(
      `SELECT MIN(d.next_attempt_at) FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.state = 'pending' AND e.enabled = 1`,
    )
    .pluck();
  const markDelivered = db.prepare(
    `UPDATE webhook_deliveries SET state = 'delivered', attempts = attempts + 1, next_attempt_at = NULL,
       delivered_at = ? WHERE id = ?`,
  );
  const markRetry = db.prepare(
    'UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?',
  );
  const markFailed = db.prepare(
    `UPDATE webhook_deliveries SET state = 'failed', attempts = attempts + 1, next_attempt_at = NULL WHERE id = ?`,
  );
  const insertAttempt = db.prepare(
    `INSERT INTO webhook_attempts (delivery_id, attempted_at, duration_ms, status_code, response_body, error)
     VALUES (@deliveryId, @attemptedAt, @durationMs, @statusCode, @response, @error)`,
  );
  const selectAttempts = db.prepare<[number], AttemptRecord & { response_body: string | null }>(
    `SELECT delivery_id AS "deliveryId", attempted_at AS "attemptedAt", duration_ms AS "durationMs",
       status_code AS "statusCode", response_body AS response, error
     FROM webhook_attempts WHERE delivery_id = ? ORDER BY id`,
  );

  const selectState = db.prepare<[number], MatchEventState>(
    `SELECT matchid, match_slug AS "matchSlug", sequence, last_score_at AS "lastScoreAt",
       last_score_key AS "lastScoreKey", score_due_at AS "scoreDueAt"
     FROM webhook_match_state WHERE matchid = ?`,
  );
  const upsertState = db.prepare(
    `INSERT INTO webhook_match_state (matchid, match_slug, sequence, last_score_at, last_score_key, score_due_at)
     VALUES (@matchid, @matchSlug, @sequence, @lastScoreAt, @lastScoreKey, @scoreDueAt)
     ON CONFLICT (matchid) DO UPDATE SET match_slug = excluded.match_slug, sequence = excluded.sequence,
       last_score_at = excluded.last_score_at, last_score_key = excluded.last_score_key,
       score_due_at = excluded.score_due_at`,
  );
  const selectScoresDue = db.prepare<[number], MatchEventState>(
    `SELECT matchid, match_slug AS "matchSlug", sequence, last_score_at AS "lastScoreAt",
       last_score_key AS "lastScoreKey", score_due_at AS "scoreDueAt"
     FROM webhook_match_state WHERE score_due_at IS NOT NULL AND score_due_at <= ?`,
  );
  const selectNextScoreDue = db
    .prepare<[], number | null>(
      'SELECT MIN(score_due_at) FROM webhook_match_state WHERE score_due_at IS NOT NULL',
    )
    .pluck();

  return {
    endpoints: async (): Promise<StoredWebhook[]> => (await selectEndpoints.all()).map(toWebhook),
    endpoint: async (id: number): Promise<StoredWebhook | undefined> => {
      const row = await selectEndpoint.get(id);
      return row ? toWebhook(row) : undefined;
    },
    async insertEndpoint(
      w: Pick<StoredWebhook, 'url' | 'events' | 'teamsSource' | 'secret' | 'enabled'>,
      now: number,
    ): Promise<number> {
      const inserted = await insertEndpoint.run({
        ...w,
        events: JSON.stringify(w.events),
        enabled: w.enabled ? 1 : 0,
        now,
      });
      return inserted.lastInsertRowid;
    },
    async saveEndpoint(w: StoredWebhook, now: number): Promise<void> {
      await updateEndpoint.run({
        id: w.id,
        url: w.url,
        events: JSON.stringify(w.events),
        teamsSource: w.teamsSource,
        enabled: w.enabled ? 1 : 0,
        notice: w.notice,
        disabledAt: w.disabledAt,
        now,
      });
    },
    deleteEndpoint: async (id: number): Promise<boolean> => (await deleteEndpoint.run(id)).changes > 0,

    async insertDelivery(
      d: Pick<
        DeliveryRecord,
        'endpointId' | 'eventId' | 'type' | 'matchid' | 'sequence' | 'body' | 'resendOf'
      >,
      now: number,
    ): Promise<number> {
      return (await insertDelivery.run({ ...d, now })).lastInsertRowid;
    },
    delivery: async (id: number): Promise<DeliveryRecord | undefined> => {
      const row = await selectDelivery.get(id);
      return row ? toDelivery(row) : undefined;
    },
    log: async (endpointId: number, limit: number): Promise<DeliveryRecord[]> =>
      (await selectLog.all(endpointId, limit)).map(toDelivery),
    due: async (now: number, limit: number): Promise<DeliveryRecord[]> =>
      (await selectDue.all(now, limit)).map(toDelivery),
    /** The earliest time anything is due (deliveries or held score updates), or null. */
    async nextDueAt(): Promise<number | null> {
      const times = [await selectNextDue.get(), await selectNextScoreDue.get()].filter(
        (t): t is number => t != null,
      );
      return times.length > 0 ? Math.min(...times) : null;
    },
    markDelivered: (id: number, now: number) => markDelivered.run(now, id),
    markRetry: (id: number, at: number) => markRetry.run(at, id),
    markFailed: (id: number) => markFailed.run(id),
    insertAttempt: (a: AttemptRecord) => insertAttempt.run(a),
    attempts: (deliveryId: number): Promise<AttemptRecord[]> => selectAttempts.all(deliveryId),

    matchState: (matchid: number): Promise<MatchEventState | undefined> => selectState.get(matchid),
    saveMatchState: (s: MatchEventState) => upsertState.run(s),
    scoresDue: (now: number): Promise<MatchEventState[]> => selectScoresDue.all(now),
  };
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
