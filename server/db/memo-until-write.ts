import type { SqlPort } from './sql-port.js';

/**
 * A value computed once and reused until anything is written through the port (its write version
 * changes). For hot read-only answers such as the team list that LAN pages poll. Where the port cannot
 * tell (inside a transaction, or an engine other instances write to), the value is computed afresh.
 */
export function memoUntilWrite<T>(sql: SqlPort, compute: () => Promise<T>): () => Promise<T> {
  let cached: { atVersion: number; value: T } | undefined;
  return async () => {
    const atVersion = await sql.writeVersion();
    if (atVersion === undefined) {
      return compute();
    }
    if (cached?.atVersion !== atVersion) {
      cached = { atVersion, value: await compute() };
    }
    return cached.value;
  };
}
