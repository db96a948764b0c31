import type pg from 'pg';
import { BASELINE_SQL, BASELINE_VERSION } from './baseline.js';

/** A schema change for PostgreSQL: the twin of the SQLite migration with the same version. */
export interface PostgresMigration {
  version: number;
  name: string;
  sql: string;
}

/** Session-level advisory lock held while migrating: instances starting together migrate once. */
export const MIGRATION_LOCK = 0x4d44_4d00; // "MDM"

/**
 * Brings a PostgreSQL database to the latest version: the baseline on an empty database, then every
 * later migration, each in its own transaction with its row in `schema_migrations`. Returns the
 * version reached.
 */
export async function migratePostgres(
  pool: pg.Pool,
  migrations: readonly PostgresMigration[],
): Promise<number> {
  migrations.forEach((m, i) => {
    if (m.version !== BASELINE_VERSION + i + 1) {
      throw new Error(
        `PostgreSQL migration "${m.name}" has version ${m.version}; expected ${BASELINE_VERSION + i + 1}.`,
      );
    }
  });
  const latest = BASELINE_VERSION + migrations.length;
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
      );
      const { rows } = await client.query<{ version: number | null }>(
        'SELECT max(version) AS version FROM schema_migrations',
      );
      const current = rows[0]?.version ?? 0;
      if (current > latest) {
        throw new Error(
          `The database has schema version ${current}, newer than this Matchday (${latest}). Update Matchday.`,
        );
      }
      const steps = [
        ...(current === 0 ? [{ version: BASELINE_VERSION, name: 'baseline', sql: BASELINE_SQL }] : []),
        ...migrations.filter((m) => m.version > current),
      ];
      for (const step of steps) {
        await client.query('BEGIN');
        try {
          await client.query(step.sql);
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
            step.version,
            step.name,
          ]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        }
      }
      return latest;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
