/**
 * The grand-final map advantage (API.md decision 78): the upper-bracket team starts the first grand
 * final one map up. Neither plugin can start a series at 1-0 (1.4.21 src/MatchManagement.cs reads only
 * id, name and players of a team), so Matchday keeps the map: the plugin plays a series of N-1 maps,
 * and the series score Matchday stores, shows and sends counts the advantage map. Pure.
 */
import type { MatchFormat } from '../contracts/matches.js';
import type { GRAND_FINAL_MODES } from '../contracts/tournament.js';
import type { ErrorDetail } from '../contracts/errors.js';
import { mapsToWin } from './result-correction.js';
import { MAPS_IN_SERIES } from './tournament-rules.js';

export type AdvantageSide = 'team1' | 'team2';

/** The series score a match starts at: one map for the team with the advantage. */
export function startingSeries(advantage: AdvantageSide | null): {
  team1SeriesScore: number;
  team2SeriesScore: number;
} {
  return {
    team1SeriesScore: advantage === 'team1' ? 1 : 0,
    team2SeriesScore: advantage === 'team2' ? 1 : 0,
  };
}

/**
 * The maps the game server plays: every map of the best-of, or one fewer with an advantage (the
 * decider can never be reached: the advantage team needs one map fewer).
 */
export const mapsOnServer = (format: MatchFormat, advantage: AdvantageSide | null): number =>
  MAPS_IN_SERIES[format] - (advantage ? 1 : 0);

/** A series score as the plugin counts it (maps won on the server) turned into Matchday's, advantage included. */
export function withAdvantage(
  played: { team1: number; team2: number },
  advantage: AdvantageSide | null,
): { team1: number; team2: number } {
  return {
    team1: played.team1 + (advantage === 'team1' ? 1 : 0),
    team2: played.team2 + (advantage === 'team2' ? 1 : 0),
  };
}

/** A stored series score (advantage included) as the game server counts it: the maps won there. */
export function playedOnServer(match: {
  team1SeriesScore: number;
  team2SeriesScore: number;
  mapAdvantage: AdvantageSide | null;
}): { team1SeriesScore: number; team2SeriesScore: number } {
  const start = startingSeries(match.mapAdvantage);
  return {
    team1SeriesScore: match.team1SeriesScore - start.team1SeriesScore,
    team2SeriesScore: match.team2SeriesScore - start.team2SeriesScore,
  };
}

/**
 * The series winner a plugin's series end names, read with the advantage: the plugin's winner, unless
 * the advantage changes it (a bo3 played 1-1 on a 2-map series is a plugin draw and a 2-1 win).
 */
export function winnerWithAdvantage(
  pluginWinner: AdvantageSide | null,
  series: { team1: number; team2: number },
  advantage: AdvantageSide | null,
): AdvantageSide | null {
  if (advantage === null || series.team1 === series.team2) {
    return pluginWinner;
  }
  return series.team1 > series.team2 ? 'team1' : 'team2';
}

/**
 * Whether the advantage team has won the series (its maps, the advantage included, reach the maps to
 * win) while the plugin would play on: Matchday then ends the series itself.
 */
export function clinchedByAdvantage(
  series: { team1SeriesScore: number; team2SeriesScore: number },
  format: MatchFormat,
  advantage: AdvantageSide | null,
): boolean {
  if (!advantage) {
    return false;
  }
  const score = advantage === 'team1' ? series.team1SeriesScore : series.team2SeriesScore;
  return score >= mapsToWin(format);
}

/** What decides whether a grand final may start with the advantage. */
export interface AdvantageSetup {
  /** The stage with the grand final is a double elimination. */
  doubleElimination: boolean;
  grandFinalMode: (typeof GRAND_FINAL_MODES)[number];
  /** The first grand final's best-of (its round override, else the stage's, else the tournament's). */
  grandFinalFormat: MatchFormat | undefined;
}

/**
 * Why `grandFinalMapAdvantage` cannot be on (one detail, naming the field), or none: it needs a double
 * elimination's grand final, played once (a bracket reset already is the upper team's edge), as more
 * than a bo1 (a bo1 one map up has nothing left to play).
 */
export function mapAdvantageProblems(setup: AdvantageSetup): ErrorDetail[] {
  const path = 'settings.grandFinalMapAdvantage';
  if (!setup.doubleElimination) {
    return [{ path, message: 'only a double elimination (alone or as playoffs) has a grand final' }];
  }
  if (setup.grandFinalMode === 'none') {
    return [{ path, message: 'grandFinalMode "none" plays no grand final' }];
  }
  if (setup.grandFinalMode === 'double') {
    return [
      {
        path,
        message:
          'grandFinalMode "double" already gives the upper-bracket team its edge (the bracket reset); use "simple"',
      },
    ];
  }
  if (setup.grandFinalFormat === 'bo1') {
    return [{ path, message: 'a bo1 grand final one map up has nothing left to play; make it a bo3 or bo5' }];
  }
  return [];
}
