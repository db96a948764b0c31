import {
  eliminationFormats,
  resolveFormat,
  roundKeysOf,
  type BracketShape,
  type FormatSource,
  type PlannedFormat,
} from '../../../shared/domain/stage-formats.js';
import { playsThirdPlaceMatch } from '../../../shared/domain/tournament-rules.js';
import type { MatchRecord } from '../matches/index.js';
import { mainSetup, type EliminationSetup } from './bracket-engine.js';
import { playoffSetup } from './groups-playoffs-engine.js';
import type { TournamentRecord } from './repo.js';

/** The bracket's round counts, read from its matches (every round exists from the start). */
export function shapeOf(list: readonly MatchRecord[]): BracketShape {
  const last = (brackets: readonly string[]) =>
    list.reduce(
      (max, m) => (brackets.includes(m.bracket) && m.label !== 'Third Place' ? Math.max(max, m.round) : max),
      0,
    );
  return { upperRounds: last(['SE', 'UB']), lowerRounds: last(['LB']), thirdPlace: false, grandFinal: false };
}

/**
 * Where the format of a tournament match comes from (API.md decision 32): the tournament default, its
 * stage, or its round. `stageMatches`: the matches of its stage, for the round counts.
 */
export function formatSourceOf(
  t: TournamentRecord,
  m: MatchRecord,
  stageMatches: readonly MatchRecord[],
): FormatSource {
  const defaults = { format: t.format, mapPool: t.settings.mapPool };
  const place = { bracket: m.bracket, round: m.round, thirdPlace: m.label === 'Third Place' };
  if (m.stage === 'groups') {
    return t.stages?.[0].format === undefined ? 'tournament' : 'stage';
  }
  if (m.stage === 'playoffs') {
    const playoffs = t.stages?.[1];
    const keys = roundKeysOf(place, shapeOf(stageMatches));
    return resolveFormat(defaults, { format: playoffs?.format }, playoffs?.rounds, keys).formatFrom;
  }
  return resolveFormat(defaults, undefined, t.settings.rounds, roundKeysOf(place, shapeOf(stageMatches)))
    .formatFrom;
}

/**
 * The best-of and pool of every stage and round the tournament's matches will be given at its start,
 * with `entrants` teams drawn (API.md decision 31): what the start check holds against the pools.
 */
export function plannedFormats(t: TournamentRecord, entrants: number): PlannedFormat[] {
  const defaults = { format: t.format, mapPool: t.settings.mapPool };
  const elimination = (setup: EliminationSetup, teams: number, stagePath?: string) =>
    eliminationFormats(
      defaults,
      {
        ...setup,
        grandFinal: setup.grandFinalMode !== 'none',
        thirdPlace: playsThirdPlaceMatch(teams, setup.thirdPlaceMatch),
        stagePath,
      },
      teams,
    );
  if (t.type === 'single_elimination' || t.type === 'double_elimination') {
    return elimination(mainSetup(t, t.type), entrants);
  }
  if (t.type === 'groups_playoffs' && t.stages) {
    const [groups] = t.stages;
    const groupFormat = resolveFormat(defaults, groups, undefined, []);
    const fromStage = groups.format !== undefined || groups.mapPool !== undefined;
    return [
      { ...groupFormat, path: fromStage ? 'stages.0' : 'settings.mapPool' },
      ...elimination(playoffSetup(t), groups.groupCount * groups.advancePerGroup, 'stages.1'),
    ];
  }
  return [{ ...defaults, path: 'settings.mapPool' }];
}
