import type { AppContext } from '../../context.js';
import {
  displayRating,
  rateDecidedSeries,
  ratingFromPoints,
  ratingsBeforeRun,
  teamStrength,
} from '../../../shared/domain/ratings.js';
import type { SkillRating } from '../../../shared/domain/skill-rating.js';
import type { MatchRecord } from '../matches/index.js';
import type { TournamentRecord } from '../tournament/index.js';
import type { PlayerSkill } from './repo.js';

const MANUAL_MATCHES = 'Manual match';

/** Team-aware player ratings (openskill), updated once per decided series, undone per tournament run. */
export function createRatingsService(ctx: AppContext) {
  const repo = ctx.repos.ratings;
  // A rating set by hand has no mu yet: start from its points.
  const skillOf = (p: PlayerSkill): SkillRating =>
    p.mu !== null && p.sigma !== null ? { mu: p.mu, sigma: p.sigma } : ratingFromPoints(p.rating);

  const rated = (p: PlayerSkill) => ({ playerId: p.platformId, skill: skillOf(p) });
  const save = (playerId: string, skill: SkillRating): Promise<void> =>
    repo.saveSkill({ platformId: playerId, rating: displayRating(skill), mu: skill.mu, sigma: skill.sigma });

  async function applySeries(t: TournamentRecord | undefined, match: MatchRecord): Promise<void> {
    // A walkover changes no rating (API.md decisions 36, 60).
    if (match.isBye || match.forfeit !== null || match.team1Id === null || match.team2Id === null) {
      return;
    }
    const update = rateDecidedSeries({
      team1: (await repo.roster(match.team1Id)).map(rated),
      team2: (await repo.roster(match.team2Id)).map(rated),
      winner: match.winnerId === null ? null : match.winnerId === match.team1Id ? 'team1' : 'team2',
      matchLabel: match.label,
      tournamentName: t?.name ?? MANUAL_MATCHES,
    });
    const now = ctx.clock.now();
    for (const [i, h] of update.history.entries()) {
      await repo.addHistory({
        platformId: h.playerId,
        tournamentId: t?.id ?? null,
        run: t?.run ?? 0,
        matchSlug: match.slug,
        matchLabel: h.matchLabel,
        tournamentName: h.tournamentName,
        ratingBefore: h.before,
        ratingAfter: h.after,
        muBefore: h.skillBefore.mu,
        sigmaBefore: h.skillBefore.sigma,
        createdAt: now,
      });
      await save(h.playerId, update.ratings[i]!.skill);
    }
  }

  return {
    applySeries,

    /**
     * Every player back to the rating held before their first match of this run; its history goes.
     * Manual matches count as run 0 of no tournament.
     */
    async undoRun(t: { id: number | null; run: number }): Promise<void> {
      const history = (await repo.runHistory(t.id, t.run)).map((h) => ({
        playerId: h.platformId,
        before: h.ratingBefore,
        after: h.ratingAfter,
        matchLabel: h.matchLabel,
        tournamentName: h.tournamentName,
        skillBefore: { mu: h.muBefore, sigma: h.sigmaBefore },
      }));
      for (const { playerId, skill } of ratingsBeforeRun(history)) {
        await save(playerId, skill);
      }
      await repo.deleteRun(t.id, t.run);
    },

    /**
     * A corrected result (API.md decision 39): the run's rating changes from the first one a
     * `touched` match made are undone (each player back to the rating held before it), and the
     * matches they belonged to, then the touched ones, applied again as they are now (a match no
     * longer completed counts no more).
     */
    async redoFrom(
      t: TournamentRecord | undefined,
      touched: readonly string[],
      current: (slug: string) => Promise<MatchRecord | undefined>,
    ): Promise<void> {
      const run = { id: t?.id ?? null, run: t?.run ?? 0 };
      const changes = await repo.runChanges(run.id, run.run);
      const cut = changes.findIndex((c) => touched.includes(c.matchSlug));
      const undone = cut === -1 ? [] : changes.slice(cut);
      const before = new Map<string, SkillRating>();
      for (const c of undone) {
        if (!before.has(c.platformId)) {
          before.set(c.platformId, { mu: c.muBefore, sigma: c.sigmaBefore });
        }
      }
      for (const [playerId, skill] of before) {
        await save(playerId, skill);
      }
      if (cut !== -1) {
        await repo.deleteRunFrom(run.id, run.run, changes[cut]!.id);
      }
      for (const slug of new Set([...undone.map((c) => c.matchSlug), ...touched])) {
        const m = await current(slug);
        // A forfeit changes no rating (API.md decision 36).
        if (m?.status === 'completed' && m.forfeit === null) {
          await applySeries(t, m);
        }
      }
    },

    /** The teams' strengths for seeding by rating, read at once: the seeding itself is pure. */
    async teamRatings(teamIds: readonly string[]): Promise<(teamId: string) => number> {
      const strengths = new Map<string, number>();
      for (const teamId of teamIds) {
        strengths.set(teamId, teamStrength((await repo.roster(teamId)).map((p) => p.rating)));
      }
      return (teamId) => strengths.get(teamId)!;
    },

    history: (platformId: string) => repo.history(platformId),
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
