/**
 * Which schedule keys name a match's round (API.md decisions 31 and 75), and whether a key given by the
 * organiser is shaped like one of the tournament's. Pure.
 */
import type { BracketKind } from '../contracts/matches.js';
import { isRoundKey, roundKeysOf, type EliminationType } from './stage-formats.js';

/** A match as far as its round goes. */
export interface RoundedMatch {
  stage: string | null;
  bracket: BracketKind;
  round: number;
  label: string;
}

/** The stages of a tournament type with the bracket type each is played as. */
export function stageTypesOf(type: string, playoffType: EliminationType | undefined): Record<string, string> {
  if (type === 'groups_playoffs') {
    return { groups: 'groups', playoffs: playoffType ?? 'single_elimination' };
  }
  return { main: type };
}

const isElimination = (type: string): type is EliminationType =>
  type === 'single_elimination' || type === 'double_elimination';

/** Why `key` names no round of these stages; null when it is well-formed. */
export function scheduleKeyProblem(key: string, stageTypes: Record<string, string>): string | null {
  const dot = key.indexOf('.');
  const stage = dot === -1 ? '' : key.slice(0, dot);
  const round = key.slice(dot + 1);
  const type = stageTypes[stage];
  if (type === undefined) {
    return `use "<stage>.<round>" with stage ${Object.keys(stageTypes).join(' or ')}`;
  }
  const fits = isElimination(type) ? isRoundKey(type, round) : /^R[1-9]\d*$/.test(round);
  return fits ? null : `not a round of the ${stage} stage (${type.replace('_', ' ')})`;
}

/** The upper and lower round counts of an elimination stage, read from its matches. */
export function stageShapeOf(stageMatches: readonly RoundedMatch[]) {
  const last = (brackets: readonly string[]) =>
    stageMatches.reduce(
      (max, m) => (brackets.includes(m.bracket) && m.label !== 'Third Place' ? Math.max(max, m.round) : max),
      0,
    );
  return { upperRounds: last(['SE', 'UB']), lowerRounds: last(['LB']), thirdPlace: false, grandFinal: false };
}

/**
 * The schedule keys of a match, the named one first (`playoffs.final`, `playoffs.R3`); group, Swiss,
 * round-robin and shuffle rounds are `R<n>`. `stageMatches`: the matches of its stage.
 */
export function matchScheduleKeys(m: RoundedMatch, stageMatches: readonly RoundedMatch[]): string[] {
  return matchScheduleKeysIn(m, () => stageShapeOf(stageMatches));
}

/** As matchScheduleKeys, with the stage's shape read once for all its matches (a bracket has thousands). */
export function matchScheduleKeysIn(m: RoundedMatch, shape: () => ReturnType<typeof stageShapeOf>): string[] {
  if (m.stage === null) {
    return [];
  }
  const eliminationBracket = ['SE', 'UB', 'LB', 'GF', 'GF2'].includes(m.bracket);
  const rounds = eliminationBracket
    ? roundKeysOf({ bracket: m.bracket, round: m.round, thirdPlace: m.label === 'Third Place' }, shape())
    : [`R${m.round}`];
  return rounds.map((key) => `${m.stage}.${key}`);
}
