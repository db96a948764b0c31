import type { Db } from './open.js';

/**
 * A value computed once and reused until this connection writes anything: `total_changes()` counts
 * every row any statement changed (foreign key cascades included), and all writes go through this one
 * connection. For hot read-only answers such as the team list that LAN pages poll.
 */
export function memoUntilWrite<T>(db: Db, compute: () => T): () => T {
  const writes = db.prepare<[], number>('SELECT total_changes()').pluck();
  let cached: { atWrites: number; value: T } | undefined;
  return () => {
    // Inside a transaction the value may include writes a rollback undoes without lowering the count.
    if (db.inTransaction) {
      return compute();
    }
    const atWrites = writes.get()!;
    if (cached?.atWrites !== atWrites) {
      cached = { atWrites, value: compute() };
    }
    return cached.value;
  };
}
