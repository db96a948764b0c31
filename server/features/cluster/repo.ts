import type { SqlPort } from '../../db/sql-port.js';

/** Leases: one holder at a time per name, until it stops renewing. */
export function createLeasesRepo(db: SqlPort) {
  // Taken when free, expired or already ours; a live lease of another holder is left alone.
  const take = db.prepare<[string, string, number, number]>(
    `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
     WHERE leases.holder = excluded.holder OR leases.expires_at <= ?`,
  );
  const release = db.prepare<[string, string]>('DELETE FROM leases WHERE name = ? AND holder = ?');
  const select = db.prepare<[string], { holder: string; expires_at: number }>(
    'SELECT holder, expires_at FROM leases WHERE name = ?',
  );
  return {
    /** True when `holder` holds the lease until `expiresAt` (ms) after this call. */
    async take(name: string, holder: string, expiresAt: number, now: number): Promise<boolean> {
      return (await take.run(name, holder, expiresAt, now)).changes === 1;
    },
    release: (name: string, holder: string) => release.run(name, holder),
    holder: (name: string) => select.get(name),
  };
}
