import { multiRowInsert } from '../../db/multi-row.js';
import type { SqlPort } from '../../db/sql-port.js';

export interface StoredLiveMessage {
  id: number;
  admin_only: number;
  body: string;
}

/** Messages per insert statement: a burst of changes is stored in a few round trips. */
const ROWS_PER_INSERT = 50;

export interface LiveMessage {
  adminOnly: boolean;
  body: string;
}

/** The cluster's live messages (API.md decision 70), in their one id sequence. */
export function createLiveMessagesRepo(db: SqlPort) {
  const insertOf = multiRowInsert(db, 'INSERT INTO live_messages (admin_only, body)', '(?, ?)');
  const after = db.prepare<[number, number], StoredLiveMessage>(
    'SELECT id, admin_only, body FROM live_messages WHERE id > ? ORDER BY id LIMIT ?',
  );
  const latest = db.prepare<[], number | null>('SELECT max(id) FROM live_messages').pluck();
  const prune = db.prepare<[number]>('DELETE FROM live_messages WHERE id <= ?');
  return {
    /** Appends messages in one transaction, in their order: an id is its place in the cluster's order. */
    appendAll: (messages: readonly LiveMessage[]) =>
      db.tx(async () => {
        for (let i = 0; i < messages.length; i += ROWS_PER_INSERT) {
          const chunk = messages.slice(i, i + ROWS_PER_INSERT);
          await insertOf(chunk.length).run(...chunk.flatMap((m) => [m.adminOnly ? 1 : 0, m.body]));
        }
      }),
    after: (id: number, limit: number) => after.all(id, limit),
    latestId: async () => (await latest.get()) ?? 0,
    /** Forgets messages up to `id` (older than any viewer can resume from). */
    pruneThrough: (id: number) => prune.run(id),
  };
}
