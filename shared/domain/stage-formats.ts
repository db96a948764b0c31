/**
 * Where a match's best-of and map pool come from (API.md decision 31): the tournament's defaults, a
 * stage's override, then an elimination round's (`rounds`, keyed by round names). Pure.
 */
import type { BracketKind, MatchFormat } from '../contracts/matches.js';

export type EliminationType = 'single_elimination' | 'double_elimination';

/** An override: at least one of the two. */
export interface FormatOverride {
  format?: MatchFormat;
  mapPool?: string[];
}

export type RoundOverrides = Readonly<Record<string, FormatOverride>>;

const NAMED_KEYS = {
  single_elimination: ['quarter_final', 'semi_final', 'final', 'third_place'],
  double_elimination: ['ub_final', 'lb_final', 'grand_final'],
} as const satisfies Record<EliminationType, readonly string[]>;

/** A round key with a name rather than a number (`final`, `grand_final`, …). */
export type NamedRoundKey = (typeof NAMED_KEYS)[EliminationType][number];
const NUMBERED_KEY: Record<EliminationType, RegExp> = {
  single_elimination: /^R[1-9]\d*$/,
  double_elimination: /^(UB|LB) R[1-9]\d*$/,
};

/** Whether `key` is shaped like a round key of `type` (it may still name a round the bracket lacks). */
export function isRoundKey(type: EliminationType, key: string): boolean {
  return (NAMED_KEYS[type] as readonly string[]).includes(key) || NUMBERED_KEY[type].test(key);
}

/** The shape of an elimination bracket, as far as round keys go. */
export interface BracketShape {
  /** Rounds of the upper (or only) bracket. */
  upperRounds: number;
  /** Rounds of the lower bracket (double elimination). */
  lowerRounds: number;
  thirdPlace: boolean;
  grandFinal: boolean;
}

/**
 * The shape of an elimination bracket of `teamCount` entrants before it is drawn (byes fill it up to a
 * power of two; a double elimination's lower bracket has two rounds per upper round after the first).
 */
export function eliminationShape(
  type: EliminationType,
  teamCount: number,
  options: { thirdPlace: boolean; grandFinal: boolean },
): BracketShape {
  const upperRounds = Math.ceil(Math.log2(Math.max(teamCount, 2)));
  return type === 'single_elimination'
    ? { upperRounds, lowerRounds: 0, thirdPlace: options.thirdPlace && upperRounds >= 2, grandFinal: false }
    : { upperRounds, lowerRounds: 2 * (upperRounds - 1), thirdPlace: false, grandFinal: options.grandFinal };
}

/** Every key naming a round of this bracket. */
export function bracketRoundKeys(type: EliminationType, shape: BracketShape): Set<string> {
  const numbered = (prefix: string, rounds: number) =>
    Array.from({ length: rounds }, (_, i) => `${prefix}R${i + 1}`);
  if (type === 'single_elimination') {
    const named = [
      shape.upperRounds >= 1 && 'final',
      shape.upperRounds >= 2 && 'semi_final',
      shape.upperRounds >= 3 && 'quarter_final',
      shape.thirdPlace && 'third_place',
    ].filter((k): k is string => typeof k === 'string');
    return new Set([...numbered('', shape.upperRounds), ...named]);
  }
  const named = [
    shape.upperRounds >= 1 && 'ub_final',
    shape.lowerRounds >= 1 && 'lb_final',
    shape.grandFinal && 'grand_final',
  ].filter((k): k is string => typeof k === 'string');
  return new Set([...numbered('UB ', shape.upperRounds), ...numbered('LB ', shape.lowerRounds), ...named]);
}

/** Where a match sits in its bracket. */
export interface RoundPlace {
  bracket: BracketKind;
  round: number;
  /** The single-elimination third place match (brackets-manager's second group). */
  thirdPlace: boolean;
}

/** The keys naming the match's round, the named one first (it wins over `R<n>`). */
export function roundKeysOf(place: RoundPlace, shape: BracketShape): string[] {
  const { bracket, round } = place;
  if (bracket === 'SE') {
    if (place.thirdPlace) {
      return ['third_place'];
    }
    const named = ['final', 'semi_final', 'quarter_final'][shape.upperRounds - round];
    return named ? [named, `R${round}`] : [`R${round}`];
  }
  if (bracket === 'GF' || bracket === 'GF2') {
    return ['grand_final'];
  }
  if (bracket === 'UB') {
    return round === shape.upperRounds ? ['ub_final', `UB R${round}`] : [`UB R${round}`];
  }
  if (bracket === 'LB') {
    return round === shape.lowerRounds ? ['lb_final', `LB R${round}`] : [`LB R${round}`];
  }
  return [];
}

export type FormatSource = 'tournament' | 'stage' | 'round';

export interface ResolvedFormat {
  format: MatchFormat;
  mapPool: string[];
  /** Where the format came from: only a tournament-default format follows a later format change. */
  formatFrom: FormatSource;
}

/**
 * A match's format and pool, each field on its own: the first round key that sets it, else the stage,
 * else the tournament default.
 */
export function resolveFormat(
  defaults: { format: MatchFormat; mapPool: readonly string[] },
  stage: FormatOverride | undefined,
  rounds: RoundOverrides | undefined,
  keys: readonly string[],
): ResolvedFormat {
  const fromRounds = <K extends keyof FormatOverride>(field: K) =>
    keys.map((k) => rounds?.[k]?.[field]).find((v) => v !== undefined);
  const roundFormat = fromRounds('format');
  const format = roundFormat ?? stage?.format ?? defaults.format;
  return {
    format,
    mapPool: [...(fromRounds('mapPool') ?? stage?.mapPool ?? defaults.mapPool)],
    formatFrom: roundFormat !== undefined ? 'round' : stage?.format !== undefined ? 'stage' : 'tournament',
  };
}

/** Every round of an elimination bracket of this shape (a reset grand final plays the grand final's format). */
export function eliminationPlaces(type: EliminationType, shape: BracketShape): RoundPlace[] {
  const rounds = (bracket: BracketKind, count: number): RoundPlace[] =>
    Array.from({ length: count }, (_, i) => ({ bracket, round: i + 1, thirdPlace: false }));
  if (type === 'single_elimination') {
    const thirdPlace: RoundPlace[] = shape.thirdPlace
      ? [{ bracket: 'SE', round: shape.upperRounds, thirdPlace: true }]
      : [];
    return [...rounds('SE', shape.upperRounds), ...thirdPlace];
  }
  const grandFinal: RoundPlace[] = shape.grandFinal ? [{ bracket: 'GF', round: 1, thirdPlace: false }] : [];
  return [...rounds('UB', shape.upperRounds), ...rounds('LB', shape.lowerRounds), ...grandFinal];
}

/** A best-of and pool some matches will be given, and the setting an error about it names. */
export interface PlannedFormat {
  format: MatchFormat;
  mapPool: readonly string[];
  path: string;
}

/** An elimination stage as far as its matches' formats go. */
export interface EliminationFormats {
  kind: EliminationType;
  /** The grand final is played (`grandFinalMode` other than none). */
  grandFinal: boolean;
  /** A third place match is played (decided on the entrants: playsThirdPlaceMatch). */
  thirdPlace: boolean;
  stage: FormatOverride | undefined;
  /** Where the stage's override is set (`stages.1`), when it has one. */
  stagePath?: string;
  rounds: RoundOverrides | undefined;
  /** Where the rounds are set: `settings.rounds` or `stages.1.rounds`. */
  roundsPath: string;
}

/**
 * The formats the rounds of an elimination stage of `entrants` teams will be given (decision 31), each
 * naming the setting that gave it: the round's key, else the stage, else the tournament's pool.
 */
export function eliminationFormats(
  defaults: { format: MatchFormat; mapPool: readonly string[] },
  setup: EliminationFormats,
  entrants: number,
): PlannedFormat[] {
  const shape = eliminationShape(setup.kind, entrants, {
    thirdPlace: setup.thirdPlace,
    grandFinal: setup.grandFinal,
  });
  return eliminationPlaces(setup.kind, shape).map((place) => {
    const keys = roundKeysOf(place, shape);
    const { format, mapPool } = resolveFormat(defaults, setup.stage, setup.rounds, keys);
    const roundKey = keys.find((k) => setup.rounds?.[k] !== undefined);
    const path =
      roundKey !== undefined
        ? `${setup.roundsPath}.${roundKey}`
        : setup.stagePath !== undefined && (setup.stage?.format ?? setup.stage?.mapPool) !== undefined
          ? setup.stagePath
          : 'settings.mapPool';
    return { format, mapPool, path };
  });
}
