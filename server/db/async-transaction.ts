import type { Db } from './open.js';

/**
 * Runs `work` as one transaction although it is async (brackets-manager's API returns promises).
 * Safe because our storage never waits on I/O: every await resolves in the microtask queue, so no
 * other request's code runs before COMMIT or ROLLBACK.
 */
export async function asyncTransaction<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.inTransaction) {
    return work();
  }
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = await work();
    db.exec('COMMIT');
    return result;
  } catch (err) {
    if (db.inTransaction) {
      db.exec('ROLLBACK');
    }
    throw err;
  }
}
