import type { SqlPort } from '../../db/sql-port.js';

export interface StoredLiveMessage {
  id: number;
  admin_only: number;
  body: string;
}

/** The cluster's live messages (API.md decision 70), in their one id sequence. */
export function createLiveMessagesRepo(db: SqlPort) {
  const insert = db.prepare<[number, string]>(
    'INSERT INTO live_messages (admin_only, body) VALUES (?, ?) RETURNING id',
  );
  const after = db.prepare<[number, number], StoredLiveMessage>(
    'SELECT id, admin_only, body FROM live_messages WHERE id > ? ORDER BY id LIMIT ?',
  );
  const latest = db.prepare<[], number | null>('SELECT max(id) FROM live_messages').pluck();
  const prune = db.prepare<[number]>('DELETE FROM live_messages WHERE id <= ?');
  return {
    /** Appends a message; its id is its place in the cluster's order. */
    append: async (adminOnly: boolean, body: string) =>
      (await insert.run(adminOnly ? 1 : 0, body)).lastInsertRowid,
    after: (id: number, limit: number) => after.all(id, limit),
    latestId: async () => (await latest.get()) ?? 0,
    /** Forgets messages up to `id` (older than any viewer can resume from). */
    pruneThrough: (id: number) => prune.run(id),
  };
}
