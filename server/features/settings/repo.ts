import type { Db } from '../../db/open.js';

/** Settings as key -> JSON value rows. */
export function createSettingsRepo(db: Db) {
  const selectAll = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings');
  const upsert = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  return {
    readAll(): Record<string, unknown> {
      return Object.fromEntries(selectAll.all().map((row) => [row.key, JSON.parse(row.value) as unknown]));
    },
    write(values: Record<string, unknown>): void {
      for (const [key, value] of Object.entries(values)) {
        upsert.run(key, JSON.stringify(value));
      }
    },
  };
}
