import type { Db } from '../../db/open.js';

/** Install-wide values that are not settings (the generated plugin token). */
export function createMetaRepo(db: Db) {
  const select = db.prepare<[string], { value: string }>('SELECT value FROM app_meta WHERE key = ?');
  const insertIfMissing = db.prepare(
    'INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  return {
    get: (key: string): string | undefined => select.get(key)?.value,
    /** Stores `make()` under `key` unless a value is there already; returns the stored value. */
    getOrCreate(key: string, make: () => string): string {
      insertIfMissing.run(key, make());
      return select.get(key)!.value;
    },
  };
}
