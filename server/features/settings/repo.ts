import type { SqlPort } from '../../db/sql-port.js';

/** Write-only values live beside the settings under this prefix, never in a settings answer. */
const SECRET_PREFIX = 'secret:';

/** Settings as key -> JSON value rows. */
export function createSettingsRepo(db: SqlPort) {
  const selectAll = db.prepare<[], { key: string; value: string }>(
    `SELECT key, value FROM settings WHERE key NOT LIKE '${SECRET_PREFIX}%'`,
  );
  const selectOne = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const upsert = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare('DELETE FROM settings WHERE key = ?');
  return {
    async readAll(): Promise<Record<string, unknown>> {
      return Object.fromEntries(
        (await selectAll.all()).map((row) => [row.key, JSON.parse(row.value) as unknown]),
      );
    },
    async write(values: Record<string, unknown>): Promise<void> {
      for (const [key, value] of Object.entries(values)) {
        await upsert.run(key, JSON.stringify(value));
      }
    },
    async readSecret(key: string): Promise<string | undefined> {
      const row = await selectOne.get(SECRET_PREFIX + key);
      return row ? (JSON.parse(row.value) as string) : undefined;
    },
    /** Stores a write-only value; null removes it. */
    async writeSecret(key: string, value: string | null): Promise<void> {
      if (value === null) {
        await remove.run(SECRET_PREFIX + key);
      } else {
        await upsert.run(SECRET_PREFIX + key, JSON.stringify(value));
      }
    },
  };
}
