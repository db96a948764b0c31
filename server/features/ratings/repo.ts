import type { SqlPort } from '../../db/sql-port.js';

export interface PlayerSkill {
  platformId: string;
  rating: number;
  mu: number | null;
  sigma: number | null;
}

export interface RatingHistoryRow {
  platformId: string;
  tournamentId: number | null;
  run: number;
  matchSlug: string;
  matchLabel: string;
  tournamentName: string;
  ratingBefore: number;
  ratingAfter: number;
  muBefore: number;
  sigmaBefore: number;
  createdAt: number;
}

/** One rating change of a run, in the order applied (`id`). */
export interface RatingChange {
  id: number;
  platformId: string;
  matchSlug: string;
  muBefore: number;
  sigmaBefore: number;
}

export function createRatingsRepo(db: SqlPort) {
  const selectRoster = db.prepare<[string], PlayerSkill>(
    `SELECT p.platform_id AS "platformId", p.rating, p.rating_mu AS mu, p.rating_sigma AS sigma
     FROM team_players tp JOIN players p ON p.platform_id = tp.platform_id
     WHERE tp.team_id = ? ORDER BY tp.position`,
  );
  const updateSkill = db.prepare(
    'UPDATE players SET rating = @rating, rating_mu = @mu, rating_sigma = @sigma WHERE platform_id = @platformId',
  );
  const insertHistory = db.prepare(
    `INSERT INTO rating_history (platform_id, tournament_id, run, match_slug, match_label, tournament_name,
       rating_before, rating_after, mu_before, sigma_before, created_at)
     VALUES (@platformId, @tournamentId, @run, @matchSlug, @matchLabel, @tournamentName, @ratingBefore,
       @ratingAfter, @muBefore, @sigmaBefore, @createdAt)`,
  );
  const selectRun = db.prepare<[number | null, number], RatingHistoryRow>(
    `SELECT platform_id AS "platformId", tournament_id AS "tournamentId", run, match_slug AS "matchSlug",
       match_label AS "matchLabel", tournament_name AS "tournamentName", rating_before AS "ratingBefore",
       rating_after AS "ratingAfter", mu_before AS "muBefore", sigma_before AS "sigmaBefore", created_at AS "createdAt"
     FROM rating_history WHERE tournament_id IS NOT DISTINCT FROM ? AND run = ? ORDER BY id`,
  );
  const deleteRun = db.prepare(
    'DELETE FROM rating_history WHERE tournament_id IS NOT DISTINCT FROM ? AND run = ?',
  );
  const selectRunChanges = db.prepare<[number | null, number], RatingChange>(
    `SELECT id, platform_id AS "platformId", match_slug AS "matchSlug", mu_before AS "muBefore",
       sigma_before AS "sigmaBefore"
     FROM rating_history WHERE tournament_id IS NOT DISTINCT FROM ? AND run = ? ORDER BY id`,
  );
  const deleteRunFrom = db.prepare(
    'DELETE FROM rating_history WHERE tournament_id IS NOT DISTINCT FROM ? AND run = ? AND id >= ?',
  );
  const selectHistory = db.prepare<[string], RatingHistoryRow>(
    `SELECT platform_id AS "platformId", tournament_id AS "tournamentId", run, match_slug AS "matchSlug",
       match_label AS "matchLabel", tournament_name AS "tournamentName", rating_before AS "ratingBefore",
       rating_after AS "ratingAfter", mu_before AS "muBefore", sigma_before AS "sigmaBefore", created_at AS "createdAt"
     FROM rating_history WHERE platform_id = ? ORDER BY id`,
  );

  const moveHistory = db.prepare('UPDATE rating_history SET platform_id = ? WHERE platform_id = ?');
  return {
    /** A corrected platform id: the player's rating history follows it. */
    movePlayerId: (from: string, to: string) => moveHistory.run(to, from),
    roster: (teamId: string): Promise<PlayerSkill[]> => selectRoster.all(teamId),
    saveSkill: async (skill: PlayerSkill): Promise<void> => {
      await updateSkill.run(skill);
    },
    addHistory: async (row: RatingHistoryRow): Promise<void> => {
      await insertHistory.run(row);
    },
    /** The rows of one tournament run, oldest first. */
    runHistory: (tournamentId: number | null, run: number): Promise<RatingHistoryRow[]> =>
      selectRun.all(tournamentId, run),
    deleteRun: async (tournamentId: number | null, run: number): Promise<void> => {
      await deleteRun.run(tournamentId, run);
    },
    /** A run's changes in the order they were applied. */
    runChanges: (tournamentId: number | null, run: number): Promise<RatingChange[]> =>
      selectRunChanges.all(tournamentId, run),
    /** Forgets the run's changes from `id` on. */
    deleteRunFrom: async (tournamentId: number | null, run: number, id: number): Promise<void> => {
      await deleteRunFrom.run(tournamentId, run, id);
    },
    history: (platformId: string): Promise<RatingHistoryRow[]> => selectHistory.all(platformId),
  };
}
