import type { Match } from '../../../../shared/contracts/matches.js';

/** What a live card's one score counts: the rounds of a best-of-one's map, else the maps of the series. */
export type ScoreUnit = 'rounds' | 'maps';

export interface CardScore {
  /** Named on a live card; null on any other (its score is the series, as a result reads). */
  unit: ScoreUnit | null;
  team1: number;
  team2: number;
}

/** The one score a match card shows, and what it counts while the match is live. */
export function cardScore(
  match: Pick<
    Match,
    'status' | 'format' | 'team1MapScore' | 'team2MapScore' | 'team1SeriesScore' | 'team2SeriesScore'
  >,
): CardScore {
  if (match.status === 'live' && match.format === 'bo1') {
    return { unit: 'rounds', team1: match.team1MapScore, team2: match.team2MapScore };
  }
  return {
    unit: match.status === 'live' ? 'maps' : null,
    team1: match.team1SeriesScore,
    team2: match.team2SeriesScore,
  };
}
