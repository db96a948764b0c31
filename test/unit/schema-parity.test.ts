import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { BASELINE_VERSION } from '../../server/db/postgres/baseline.js';
import { migratePostgres } from '../../server/db/postgres/migrate.js';
import { POSTGRES_MIGRATIONS } from '../../server/db/postgres/migrations.js';
import { createTestDatabase } from '../helpers/postgres.js';

/** A column as both engines can describe it: SQLite's declared type mapped to PostgreSQL's. */
interface Column {
  table: string;
  column: string;
  type: string;
  notNull: boolean;
  primaryKey: boolean;
}

const SQLITE_TO_POSTGRES: Record<string, string> = {
  INTEGER: 'bigint',
  TEXT: 'text',
  REAL: 'double precision',
  BLOB: 'bytea',
};

function sqliteSchema(): { columns: Column[]; indexes: string[] } {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  const tables = db
    .prepare<[], string>(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .pluck()
    .all();
  const columns = tables.flatMap((table) =>
    db
      .prepare<[], { name: string; type: string; notnull: number; pk: number }>(`PRAGMA table_info(${table})`)
      .all()
      .map((c) => ({
        table,
        column: c.name,
        type: SQLITE_TO_POSTGRES[c.type] ?? c.type,
        // SQLite lets a non-integer primary key column hold NULL; PostgreSQL's never does.
        notNull: c.notnull === 1 || c.pk > 0,
        primaryKey: c.pk > 0,
      })),
  );
  const indexes = db
    .prepare<[], string>(
      "SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name",
    )
    .pluck()
    .all();
  db.close();
  return { columns, indexes };
}

async function postgresSchema(pool: pg.Pool): Promise<{ columns: Column[]; indexes: string[] }> {
  const { rows } = await pool.query<Column>(
    `SELECT c.table_name AS "table", c.column_name AS "column", c.data_type AS "type",
       c.is_nullable = 'NO' AS "notNull",
       EXISTS (SELECT 1 FROM information_schema.key_column_usage k
               JOIN information_schema.table_constraints t ON t.constraint_name = k.constraint_name
               WHERE t.constraint_type = 'PRIMARY KEY' AND k.table_name = c.table_name
                 AND k.column_name = c.column_name) AS "primaryKey"
     FROM information_schema.columns c
     WHERE c.table_schema = 'public' AND c.table_name <> 'schema_migrations'
     ORDER BY c.table_name, c.ordinal_position`,
  );
  const indexes = await pool.query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public'
       AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key' ORDER BY indexname`,
  );
  return { columns: rows, indexes: indexes.rows.map((r) => r.name) };
}

const byName = (a: Column, b: Column) => a.table.localeCompare(b.table) || a.column.localeCompare(b.column);

describe('the PostgreSQL schema', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 6 });
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('has a twin for every SQLite migration after the baseline', () => {
    expect(BASELINE_VERSION + POSTGRES_MIGRATIONS.length).toBe(MIGRATIONS.length);
  });

  it('migrates once when several instances start together, and equals the SQLite schema', async () => {
    const pools = Array.from({ length: 3 }, () => new pg.Pool({ connectionString: database.url, max: 1 }));
    try {
      const versions = await Promise.all(pools.map((p) => migratePostgres(p, POSTGRES_MIGRATIONS)));
      expect(versions).toEqual([MIGRATIONS.length, MIGRATIONS.length, MIGRATIONS.length]);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
    const applied = await pool.query('SELECT version FROM schema_migrations ORDER BY version');
    expect(applied.rows.map((r: { version: number }) => r.version)).toEqual([
      BASELINE_VERSION,
      ...POSTGRES_MIGRATIONS.map((m) => m.version),
    ]);

    const sqlite = sqliteSchema();
    const postgres = await postgresSchema(pool);
    expect(postgres.columns.sort(byName)).toEqual(sqlite.columns.sort(byName));
    expect(postgres.indexes).toEqual(sqlite.indexes);
  });

  it('refuses a database newer than this Matchday', async () => {
    await pool.query("INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')");
    try {
      await expect(migratePostgres(pool, POSTGRES_MIGRATIONS)).rejects.toThrow(/newer than this Matchday/);
    } finally {
      await pool.query('DELETE FROM schema_migrations WHERE version = 999');
    }
  });
});
