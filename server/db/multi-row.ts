import type { SqlPort, SqlStatement } from './sql-port.js';

/**
 * One INSERT for many rows (`head` VALUES row, row, … `tail`), prepared once per row count: a batch
 * costs one round trip and one statement run instead of one per row. Both engines take the form.
 */
export function multiRowInsert(
  db: SqlPort,
  head: string,
  row: string,
  tail = '',
): (rows: number) => SqlStatement<unknown[], unknown> {
  const prepared = new Map<number, SqlStatement<unknown[], unknown>>();
  return (rows) => {
    let statement = prepared.get(rows);
    if (!statement) {
      statement = db.prepare<unknown[], unknown>(
        `${head} VALUES ${Array(rows).fill(row).join(', ')} ${tail}`,
      );
      prepared.set(rows, statement);
    }
    return statement;
  };
}
