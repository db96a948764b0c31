import { rate, rating } from 'openskill';

/** openskill's belief about a player: skill `mu` and its uncertainty `sigma`. */
export interface SkillRating {
  mu: number;
  sigma: number;
}

export const NEW_PLAYER_RATING: SkillRating = rating();

/** Displayed points per unit of openskill mu: one won series against equals moves a new player ~±100. */
const POINTS_PER_MU = 40;
export const NEW_PLAYER_POINTS = 1500;

/** The number people see: 1500 for a new player, up on wins and down on losses (mu, not the ordinal). */
export function displayRating(r: SkillRating): number {
  return Math.round(NEW_PLAYER_POINTS + (r.mu - NEW_PLAYER_RATING.mu) * POINTS_PER_MU);
}

/** A player whose displayed rating was set by hand (or imported): mu from the points, default sigma. */
export function ratingFromPoints(points: number): SkillRating {
  return {
    mu: NEW_PLAYER_RATING.mu + (points - NEW_PLAYER_POINTS) / POINTS_PER_MU,
    sigma: NEW_PLAYER_RATING.sigma,
  };
}

/** New ratings of both rosters after one series; `winner: null` is a draw. */
export function rateSeries(
  team1: readonly SkillRating[],
  team2: readonly SkillRating[],
  winner: 'team1' | 'team2' | null,
): [SkillRating[], SkillRating[]] {
  const rank = winner === null ? [1, 1] : winner === 'team1' ? [1, 2] : [2, 1];
  const [one, two] = rate([team1.map((r) => rating(r)), team2.map((r) => rating(r))], { rank });
  const plain = (list: readonly SkillRating[]) => list.map(({ mu, sigma }) => ({ mu, sigma }));
  return [plain(one!), plain(two!)];
}
