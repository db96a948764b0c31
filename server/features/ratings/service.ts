import type { AppContext } from '../../context.js';
import {
  displayRating,
  rateSeries,
  ratingFromPoints,
  type SkillRating,
} from '../../../shared/domain/skill-rating.js';
import type { MatchRecord } from '../matches/repo.js';
import type { TournamentRecord } from '../tournament/repo.js';
import { createRatingsRepo, type PlayerSkill } from './repo.js';

const MANUAL_MATCHES = 'Manual match';

/** Team-aware player ratings (openskill), updated once per decided series, undone per tournament run. */
export function createRatingsService(ctx: AppContext) {
  const repo = createRatingsRepo(ctx.db);
  // A rating set by hand has no mu yet: start from its points.
  const skillOf = (p: PlayerSkill): SkillRating =>
    p.mu !== null && p.sigma !== null ? { mu: p.mu, sigma: p.sigma } : ratingFromPoints(p.rating);

  return {
    applySeries(t: TournamentRecord | undefined, match: MatchRecord): void {
      if (match.isBye || match.team1Id === null || match.team2Id === null) {
        return;
      }
      const team1 = repo.roster(match.team1Id);
      const team2 = repo.roster(match.team2Id);
      if (team1.length === 0 || team2.length === 0) {
        return;
      }
      const winner = match.winnerId === null ? null : match.winnerId === match.team1Id ? 'team1' : 'team2';
      const [after1, after2] = rateSeries(team1.map(skillOf), team2.map(skillOf), winner);
      const now = ctx.clock.now();
      const save = (players: PlayerSkill[], after: SkillRating[]) =>
        players.forEach((p, i) => {
          const next = after[i]!;
          const rating = displayRating(next);
          repo.addHistory({
            platformId: p.platformId,
            tournamentId: t?.id ?? null,
            run: t?.run ?? 0,
            matchSlug: match.slug,
            matchLabel: match.label,
            tournamentName: t?.name ?? MANUAL_MATCHES,
            ratingBefore: p.rating,
            ratingAfter: rating,
            muBefore: p.mu,
            sigmaBefore: p.sigma,
            createdAt: now,
          });
          repo.saveSkill({ platformId: p.platformId, rating, mu: next.mu, sigma: next.sigma });
        });
      save(team1, after1);
      save(team2, after2);
    },

    /** Every player back to the rating held before their first match of this run; its history goes. */
    undoRun(t: TournamentRecord): void {
      for (const start of repo.runStart(t.id, t.run)) {
        repo.saveSkill({
          platformId: start.platformId,
          rating: start.ratingBefore,
          mu: start.muBefore,
          sigma: start.sigmaBefore,
        });
      }
      repo.deleteRun(t.id, t.run);
    },

    /** A team's strength for seeding by rating: the mean displayed rating of its roster. */
    teamRating(teamId: string): number {
      const roster = repo.roster(teamId);
      return roster.length === 0 ? 0 : roster.reduce((sum, p) => sum + p.rating, 0) / roster.length;
    },

    history: (platformId: string) => repo.history(platformId),
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
