import type { SqlPort } from '../../db/sql-port.js';
import type { Correction } from '../../../shared/contracts/corrections.js';

interface CorrectionRow {
  id: number;
  match_slug: string;
  match_label: string;
  tournament_id: number | null;
  at: number;
  by_whom: string;
  reason: string | null;
  forced: number;
  before: string;
  after: string;
  repaired: string;
  reset: string;
}

const toCorrection = (r: CorrectionRow): Correction => ({
  id: r.id,
  matchSlug: r.match_slug,
  matchLabel: r.match_label,
  tournamentId: r.tournament_id,
  at: r.at,
  by: JSON.parse(r.by_whom) as Correction['by'],
  reason: r.reason,
  forced: r.forced === 1,
  before: JSON.parse(r.before) as Correction['before'],
  after: JSON.parse(r.after) as Correction['after'],
  repaired: JSON.parse(r.repaired) as string[],
  reset: JSON.parse(r.reset) as string[],
});

/** The log of applied result corrections (API.md decision 40); rows go with their match. */
export function createCorrectionsRepo(db: SqlPort) {
  const insert = db.prepare(
    `INSERT INTO result_corrections
       (match_slug, match_label, tournament_id, at, by_whom, reason, forced, before, after, repaired, reset)
     VALUES (@match_slug, @match_label, @tournament_id, @at, @by_whom, @reason, @forced, @before, @after,
       @repaired, @reset)
     RETURNING id`,
  );
  const selectOne = db.prepare<[number], CorrectionRow>('SELECT * FROM result_corrections WHERE id = ?');
  const selectOfMatch = db.prepare<[string], CorrectionRow>(
    'SELECT * FROM result_corrections WHERE match_slug = ? ORDER BY at DESC, id DESC',
  );
  const selectOfTournament = db.prepare<[number], CorrectionRow>(
    'SELECT * FROM result_corrections WHERE tournament_id = ? ORDER BY at DESC, id DESC',
  );

  return {
    async add(c: Omit<Correction, 'id'>): Promise<Correction> {
      const { lastInsertRowid } = await insert.run({
        match_slug: c.matchSlug,
        match_label: c.matchLabel,
        tournament_id: c.tournamentId,
        at: c.at,
        by_whom: JSON.stringify(c.by),
        reason: c.reason,
        forced: c.forced ? 1 : 0,
        before: JSON.stringify(c.before),
        after: JSON.stringify(c.after),
        repaired: JSON.stringify(c.repaired),
        reset: JSON.stringify(c.reset),
      });
      return toCorrection((await selectOne.get(Number(lastInsertRowid)))!);
    },
    /** A match's corrections, newest first. */
    ofMatch: async (slug: string): Promise<Correction[]> => (await selectOfMatch.all(slug)).map(toCorrection),
    /** A tournament's corrections, newest first. */
    ofTournament: async (id: number): Promise<Correction[]> =>
      (await selectOfTournament.all(id)).map(toCorrection),
  };
}

export type CorrectionsRepo = ReturnType<typeof createCorrectionsRepo>;
