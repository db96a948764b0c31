import type { SqlPort } from '../../db/sql-port.js';

/** Failed sign-ins per scope (team codes, passwords) and address, shared by every instance on PostgreSQL. */
export function createSignInFailuresRepo(db: SqlPort) {
  const selectRecent = db
    .prepare<[string, string, number], number>(
      `SELECT failed_at FROM sign_in_failures WHERE scope = ? AND address = ? AND failed_at > ?
       ORDER BY failed_at`,
    )
    .pluck();
  const insert = db.prepare('INSERT INTO sign_in_failures (scope, address, failed_at) VALUES (?, ?, ?)');
  const removeOld = db.prepare('DELETE FROM sign_in_failures WHERE scope = ? AND failed_at <= ?');

  return {
    /** The times of an address's failures after `since`, oldest first. */
    recentOf: (scope: string, address: string, since: number): Promise<number[]> =>
      selectRecent.all(scope, address, since),
    /** Records one failure and forgets the scope's failures that left the window, so the table stays small. */
    record: (scope: string, address: string, at: number, forgetUpTo: number) =>
      db.tx(async () => {
        await removeOld.run(scope, forgetUpTo);
        await insert.run(scope, address, at);
      }),
  };
}
