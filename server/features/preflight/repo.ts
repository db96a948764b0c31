import type { SqlPort } from '../../db/sql-port.js';
import type { PreflightCheck, PreflightResult } from '../../../shared/contracts/preflight.js';

const LAST = 'last';

/** The last preflight result (one row, replaced by every run). */
export function createPreflightRepo(db: SqlPort) {
  const select = db.prepare<[string], { ran_at: number; ok: number; checks: string }>(
    'SELECT ran_at, ok, checks FROM preflight_results WHERE name = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO preflight_results (name, ran_at, ok, checks) VALUES (?, ?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET ran_at = excluded.ran_at, ok = excluded.ok, checks = excluded.checks`,
  );
  return {
    async last(): Promise<PreflightResult | null> {
      const row = await select.get(LAST);
      return row
        ? {
            ranAt: Number(row.ran_at),
            ok: Number(row.ok) === 1,
            checks: JSON.parse(row.checks) as PreflightCheck[],
          }
        : null;
    },
    save: (result: PreflightResult) =>
      upsert.run(LAST, result.ranAt, result.ok ? 1 : 0, JSON.stringify(result.checks)),
  };
}
