import type { Db } from '../../db/open.js';

/** Write-only values live beside the settings under this prefix, never in a settings answer. */
const SECRET_PREFIX = 'secret:';

/** Settings as key -> JSON value rows. */
export function createSettingsRepo(db: Db) {
  const selectAll = db.prepare<[], { key: string; value: string }>(
    `SELECT key, value FROM settings WHERE key NOT LIKE '${SECRET_PREFIX}%'`,
  );
  const selectOne = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const upsert = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare('DELETE FROM settings WHERE key = ?');
  return {
    readAll(): Record<string, unknown> {
      return Object.fromEntries(selectAll.all().map((row) => [row.key, JSON.parse(row.value) as unknown]));
    },
    write(values: Record<string, unknown>): void {
      for (const [key, value] of Object.entries(values)) {
        upsert.run(key, JSON.stringify(value));
      }
    },
    readSecret(key: string): string | undefined {
      const row = selectOne.get(SECRET_PREFIX + key);
      return row ? (JSON.parse(row.value) as string) : undefined;
    },
    /** Stores a write-only value; null removes it. */
    writeSecret(key: string, value: string | null): void {
      if (value === null) {
        remove.run(SECRET_PREFIX + key);
      } else {
        upsert.run(SECRET_PREFIX + key, JSON.stringify(value));
      }
    },
  };
}
