import {
  resolveFormat,
  roundKeysOf,
  type BracketShape,
  type FormatSource,
} from '../../../shared/domain/stage-formats.js';
import type { MatchRecord } from '../matches/index.js';
import type { TournamentRecord } from './repo.js';

/** The bracket's round counts, read from its matches (every round exists from the start). */
function shapeOf(list: readonly MatchRecord[]): BracketShape {
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
