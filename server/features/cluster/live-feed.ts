import type { Logger } from 'pino';
import { ADMIN_LIVE_TOPICS, type LivePayload } from '../../../shared/contracts/live.js';
import type { SqlPort } from '../../db/sql-port.js';
import type { LiveHub } from '../../live/hub.js';
import type { createLiveMessagesRepo, LiveMessage } from './live-repo.js';

const CHANNEL = 'matchday_live';
/** A missed notification (a dropped listener connection) delays a message by this much at most. */
const POLL_MS = 1000;
const READ_BATCH = 500;
/** Messages kept for a viewer that resumes on another instance; the hub's own buffer is as long. */
const KEEP_MESSAGES = 5000;
const PRUNE_MS = 60_000;

export interface ClusterLiveFeedDeps {
  sql: SqlPort;
  repo: ReturnType<typeof createLiveMessagesRepo>;
  hub: Pick<LiveHub, 'publishWithId'>;
  logger: Logger;
  /** The last message already in the table when this instance started: viewers start after it. */
  startAfter: number;
  leading(): boolean;
}

/**
 * Live messages across instances (API.md decision 70): what any instance publishes is appended to
 * `live_messages` (each append a gated write, so ids commit in order), and every instance reads the
 * table in id order into its own hub. A notification wakes the readers; a poll covers a lost one.
 */
export function createClusterLiveFeed(deps: ClusterLiveFeedDeps) {
  const log = deps.logger.child({ module: 'live' });
  let lastId = deps.startAfter;
  let reading: Promise<void> | undefined;
  let readAgain = false;
  let writes = Promise.resolve();
  /** Messages waiting for the next store. */
  const queued: LiveMessage[] = [];
  const timers: NodeJS.Timeout[] = [];
  let stopListening: (() => Promise<void>) | undefined;

  async function readNew(): Promise<void> {
    for (;;) {
      const rows = await deps.repo.after(lastId, READ_BATCH);
      for (const row of rows) {
        lastId = row.id;
        deps.hub.publishWithId(row.id, JSON.parse(row.body) as LivePayload);
      }
      if (rows.length < READ_BATCH) {
        return;
      }
    }
  }

  function wake(): void {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = readNew()
      .catch((err: unknown) => log.warn({ err }, 'live messages could not be read; the next poll retries'))
      .finally(() => {
        reading = undefined;
        if (readAgain) {
          readAgain = false;
          wake();
        }
      });
  }

  async function prune(): Promise<void> {
    if (deps.leading() && lastId > KEEP_MESSAGES) {
      await deps.repo.pruneThrough(lastId - KEEP_MESSAGES);
    }
  }

  return {
    async start(): Promise<void> {
      stopListening = await deps.sql.listen?.(CHANNEL, wake);
      timers.push(
        setInterval(wake, POLL_MS),
        setInterval(() => void prune().catch(() => undefined), PRUNE_MS),
      );
      timers.forEach((timer) => timer.unref());
    },

    /**
     * Appends a message for every instance's viewers, in the order of the calls. Messages sent while a
     * store is on its way go together in the next one (one transaction and one notification).
     */
    send(message: LivePayload): void {
      queued.push({ adminOnly: ADMIN_LIVE_TOPICS.has(message.topic), body: JSON.stringify(message) });
      if (queued.length > 1) {
        return;
      }
      // Sent from inside a request's transaction (often a read-only one): stored outside it.
      writes = deps.sql.detached(() =>
        writes
          .then(async () => {
            const batch = queued.splice(0);
            await deps.repo.appendAll(batch);
            await deps.sql.notify?.(CHANNEL);
          })
          .catch((err: unknown) => log.error({ err }, 'live messages could not be stored')),
      );
      void writes.then(wake);
    },

    /** Resolves once every message sent so far is stored. */
    idle: () => writes,

    /**
     * Resolves once this instance's messages are stored and every stored message is in the hub: a
     * viewer attached then resumes with what was published before it came.
     */
    async caughtUp(): Promise<void> {
      await writes;
      wake();
      while (reading) {
        await reading;
      }
    },

    async stop(): Promise<void> {
      timers.forEach((timer) => clearInterval(timer));
      await writes;
      await reading;
      await stopListening?.();
    },
  };
}
