import type { SqlPort } from '../../db/sql-port.js';

/** Install-wide values that are not settings (the generated plugin token). */
export function createMetaRepo(db: SqlPort) {
  const select = db.prepare<[string], { value: string }>('SELECT value FROM app_meta WHERE key = ?');
  const insertIfMissing = db.prepare(
    'INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  return {
    get: async (key: string): Promise<string | undefined> => (await select.get(key))?.value,
    /** Stores `make()` under `key` unless a value is there already; returns the stored value. */
    async getOrCreate(key: string, make: () => string): Promise<string> {
      await insertIfMissing.run(key, make());
      return (await select.get(key))!.value;
    },
  };
}
