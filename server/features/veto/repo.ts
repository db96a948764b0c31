import type { Db } from '../../db/open.js';
import type { MatchStatus } from '../../../shared/contracts/matches.js';

/** The veto column of a match with its version: a write applies only to the version it was read at. */
export function createVetoRepo(db: Db) {
  const selectVersion = db
    .prepare<[string], number>('SELECT veto_version FROM matches WHERE slug = ?')
    .pluck();
  const update = db.prepare(
    `UPDATE matches SET veto = @veto, status = @status, veto_version = veto_version + 1
     WHERE slug = @slug AND veto_version = @version`,
  );
  return {
    version: (slug: string): number => selectVersion.get(slug) ?? 0,
    /** Writes the veto and the match status; false when another action got there first. */
    saveIfVersion(slug: string, version: number, veto: unknown, status: MatchStatus): boolean {
      return update.run({ slug, version, veto: JSON.stringify(veto), status }).changes === 1;
    },
  };
}
