/**
 * Team-aware player ratings, updated once per decided series (openskill, through `skill-rating`). Pure:
 * ratings in, ratings and history entries out.
 *
 * The displayed number is 1500 + 40 × (mu − 25): a new player (mu 25) shows 1500, and one series won
 * against equals moves a new player by about 100. It follows mu, not the ordinal (mu − 3σ), so a new
 * player is not shown far below 1500 before having played.
 */
import {
  displayRating,
  NEW_PLAYER_POINTS,
  NEW_PLAYER_RATING,
  rateSeries,
  type SkillRating,
} from './skill-rating.js';

export { displayRating, ratingFromPoints } from './skill-rating.js';

export interface PlayerRating {
  playerId: string;
  skill: SkillRating;
}

export interface RatedSeries {
  team1: readonly PlayerRating[];
  team2: readonly PlayerRating[];
  /** null: a drawn series (allowed in Swiss and round robin). */
  winner: 'team1' | 'team2' | null;
  matchLabel: string;
  tournamentName: string;
}

/** One row of a player's rating history. */
export interface RatingHistoryEntry {
  playerId: string;
  before: number;
  after: number;
  matchLabel: string;
  tournamentName: string;
  /** The full rating before the series, so a reset restores it exactly. */
  skillBefore: SkillRating;
}

export interface RatingUpdate {
  /** New ratings of the players who were rated, team 1's first. */
  ratings: PlayerRating[];
  /** One entry per rated player, in the same order. */
  history: RatingHistoryEntry[];
}

export function newPlayerRating(playerId: string): PlayerRating {
  return { playerId, skill: { ...NEW_PLAYER_RATING } };
}

/**
 * New ratings after one decided series. A player listed on both rosters cannot win and lose the same
 * series, so is left out; with a side left empty nobody is rated.
 */
export function rateDecidedSeries(series: RatedSeries): RatingUpdate {
  const onTeam2 = new Set(series.team2.map((p) => p.playerId));
  const onBoth = new Set(series.team1.filter((p) => onTeam2.has(p.playerId)).map((p) => p.playerId));
  const team1 = series.team1.filter((p) => !onBoth.has(p.playerId));
  const team2 = series.team2.filter((p) => !onBoth.has(p.playerId));
  if (team1.length === 0 || team2.length === 0) {
    return { ratings: [], history: [] };
  }
  const [after1, after2] = rateSeries(
    team1.map((p) => p.skill),
    team2.map((p) => p.skill),
    series.winner,
  );
  const before = [...team1, ...team2];
  const ratings = [...after1, ...after2].map((skill, i) => ({ playerId: before[i]!.playerId, skill }));
  const history = before.map((p, i) => ({
    playerId: p.playerId,
    before: displayRating(p.skill),
    after: displayRating(ratings[i]!.skill),
    matchLabel: series.matchLabel,
    tournamentName: series.tournamentName,
    skillBefore: p.skill,
  }));
  return { ratings, history };
}

/**
 * The ratings a reset returns to: for each player of a run, the rating held before that player's first
 * series of it. `history` holds the run's entries, oldest first.
 */
export function ratingsBeforeRun(history: readonly RatingHistoryEntry[]): PlayerRating[] {
  const first = new Map<string, SkillRating>();
  for (const entry of history) {
    if (!first.has(entry.playerId)) {
      first.set(entry.playerId, entry.skillBefore);
    }
  }
  return [...first].map(([playerId, skill]) => ({ playerId, skill }));
}

/** A team's strength for seeding by rating: the mean displayed rating of its roster; 1500 when empty. */
export function teamStrength(playerPoints: readonly number[]): number {
  if (playerPoints.length === 0) {
    return NEW_PLAYER_POINTS;
  }
  return playerPoints.reduce((sum, points) => sum + points, 0) / playerPoints.length;
}
