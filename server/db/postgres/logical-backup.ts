import Database from 'better-sqlite3';
import { removeDatabaseFiles } from '../backup.js';
import { migrate } from '../migrate.js';
import { MIGRATIONS } from '../migrations/index.js';
import { RELOAD_CHANNEL, type SqlPort } from '../sql-port.js';

/**
 * The one-file backup on PostgreSQL (API.md decision 72): the same SQLite file SQLite's own backup
 * writes, filled from PostgreSQL in one consistent read, and read back into PostgreSQL in one
 * transaction. The table list, keys and foreign keys come from the SQLite schema (both engines'
 * schemas match: test/unit/schema-parity.test.ts).
 */

/**
 * The cluster's own rows (who leads, the live-message id sequence, the failed sign-ins the rate limits
 * count): neither exported nor replaced.
 */
const CLUSTER_TABLES = new Set(['leases', 'live_messages', 'sign_in_failures']);
/** This machine's sign-ins: they stay through a restore, as SQLite's `carryOverSessions` keeps them. */
const SESSIONS = 'sessions';
const ROWS_PER_PAGE = 1000;
/** Values bound in one multi-row INSERT (PostgreSQL allows 65535). */
const VALUES_PER_INSERT = 30_000;

interface Table {
  name: string;
  columns: string[];
  /** The primary key's columns, the order pages are read in. */
  key: string[];
}

type Row = Record<string, unknown>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const list = (names: readonly string[]) => names.map(quote).join(', ');

/** The data tables of a SQLite database, each after the tables its foreign keys point at. */
function tablesParentsFirst(db: Database.Database): Table[] {
  const names = db
    .prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all()
    .filter((name) => !CLUSTER_TABLES.has(name))
    .sort();
  const parents = new Map(
    names.map((name) => [
      name,
      (db.pragma(`foreign_key_list(${quote(name)})`) as { table: string }[])
        .map((fk) => fk.table)
        .filter((parent) => parent !== name),
    ]),
  );
  const ordered: string[] = [];
  const visit = (name: string, path: readonly string[]) => {
    if (ordered.includes(name)) {
      return;
    }
    if (path.includes(name)) {
      throw new Error(`The foreign keys of ${name} form a cycle; no insert order exists.`);
    }
    for (const parent of parents.get(name) ?? []) {
      visit(parent, [...path, name]);
    }
    ordered.push(name);
  };
  names.forEach((name) => visit(name, []));
  return ordered.map((name) => {
    const columns = db.pragma(`table_info(${quote(name)})`) as { name: string; pk: number }[];
    return {
      name,
      columns: columns.map((c) => c.name),
      key: columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
    };
  });
}

/** One page of a table in key order, after the row whose key is `after` (both engines take row values). */
function pageSql(table: Table, after: boolean): string {
  const key = list(table.key);
  const where = after ? ` WHERE (${key}) > (${table.key.map(() => '?').join(', ')})` : '';
  return `SELECT ${list(table.columns)} FROM ${quote(table.name)}${where} ORDER BY ${key} LIMIT ?`;
}

/** Calls `take` with every row of `table`, a page at a time, as `readPage` answers them. */
async function forEachPage(
  table: Table,
  readPage: (sql: string, params: unknown[]) => Row[] | Promise<Row[]>,
  take: (rows: Row[]) => void | Promise<void>,
): Promise<void> {
  let after: unknown[] | undefined;
  for (;;) {
    const rows = await readPage(pageSql(table, after !== undefined), [...(after ?? []), ROWS_PER_PAGE]);
    if (rows.length > 0) {
      await take(rows);
    }
    if (rows.length < ROWS_PER_PAGE) {
      return;
    }
    const last = rows[rows.length - 1]!;
    after = table.key.map((column) => last[column]);
  }
}

/**
 * Writes every row of the PostgreSQL database to a new SQLite file at `file`, in the schema of this
 * Matchday's SQLite migrations: a backup file like the one SQLite's online backup writes. All rows
 * are read in one snapshot, so the copy is consistent while requests keep being served.
 */
export async function exportToSqliteFile(sql: SqlPort, file: string): Promise<void> {
  removeDatabaseFiles(file);
  const target = new Database(file);
  try {
    migrate(target, MIGRATIONS);
    const tables = tablesParentsFirst(target);
    // What migrations seed (defaults) is PostgreSQL's to say.
    target.transaction(() => {
      for (const table of [...tables].reverse()) {
        target.prepare(`DELETE FROM ${quote(table.name)}`).run();
      }
    })();
    await sql.readTogether(async () => {
      for (const table of tables) {
        const insert = target.prepare(
          `INSERT INTO ${quote(table.name)} (${list(table.columns)}) VALUES (${table.columns.map(() => '?').join(', ')})`,
        );
        const write = target.transaction((rows: Row[]) => {
          for (const row of rows) {
            insert.run(table.columns.map((column) => row[column]));
          }
        });
        await forEachPage(
          table,
          (text, params) => sql.prepare<unknown[], Row>(text).all(...params),
          (rows) => write(rows),
        );
      }
    });
    target.close();
  } catch (err) {
    target.close();
    removeDatabaseFiles(file);
    throw err;
  }
}

/** Brings a checked backup file of an older schema version to the current one (the file is a scratch copy). */
export function migrateBackupFile(file: string): void {
  const db = new Database(file);
  try {
    migrate(db, MIGRATIONS);
  } finally {
    db.close();
  }
}

async function insertRows(sql: SqlPort, table: Table, rows: readonly Row[]): Promise<void> {
  const perInsert = Math.max(1, Math.floor(VALUES_PER_INSERT / table.columns.length));
  const tuple = `(${table.columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += perInsert) {
    const batch = rows.slice(start, start + perInsert);
    await sql
      .prepare(
        `INSERT INTO ${quote(table.name)} (${list(table.columns)}) VALUES ${batch.map(() => tuple).join(', ')}`,
      )
      .run(batch.flatMap((row) => table.columns.map((column) => row[column] ?? null)));
  }
}

/** Every identity column's sequence continues after the largest id now stored. */
async function advanceSequences(sql: SqlPort, restored: ReadonlySet<string>): Promise<void> {
  const identities = await sql
    .prepare<[], { table: string; column: string }>(
      `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
       WHERE table_schema = current_schema() AND is_identity = 'YES'`,
    )
    .all();
  for (const { table, column } of identities.filter((i) => restored.has(i.table))) {
    await sql
      .prepare(
        `SELECT setval(pg_get_serial_sequence(?, ?), COALESCE((SELECT max(${quote(column)}) FROM ${quote(table)}), 0) + 1, false)`,
      )
      .get(quote(table), column);
  }
}

/**
 * Replaces every row of the PostgreSQL database with the rows of a checked backup file of the current
 * schema version, in one transaction: a failure anywhere leaves the data as it was. The current
 * sign-ins and the cluster's own rows stay; every instance is told to reload once it commits.
 */
export async function restoreFromSqliteFile(sql: SqlPort, file: string): Promise<void> {
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = tablesParentsFirst(source);
    await sql.tx(async () => {
      const sessions = tables.find((t) => t.name === SESSIONS)!;
      const signIns = await sql
        .prepare<[], Row>(`SELECT ${list(sessions.columns)} FROM ${quote(SESSIONS)}`)
        .all();
      for (const table of [...tables].reverse()) {
        await sql.prepare(`DELETE FROM ${quote(table.name)}`).run();
      }
      for (const table of tables) {
        if (table === sessions) {
          await insertRows(sql, table, signIns);
        } else {
          await forEachPage(
            table,
            (text, params) => source.prepare<unknown[], Row>(text).all(...params),
            (rows) => insertRows(sql, table, rows),
          );
        }
      }
      await advanceSequences(sql, new Set(tables.map((t) => t.name)));
      await sql.notify?.(RELOAD_CHANNEL);
    });
  } finally {
    source.close();
  }
}
