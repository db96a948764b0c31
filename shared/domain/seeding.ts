/**
 * Bracket seeding: the order teams are seeded in (manual, random with a stored seed, by rating) and the
 * seeding list brackets-manager is given, padded with byes. Pure: the seed and the ratings are arguments.
 */
import type { StageType } from 'brackets-model';
import { seedOrder, type SeedingMode } from './seed-order.js';

export type { SeedingMode } from './seed-order.js';

/** A stored random seed: a number, or a phrase an admin typed to replay a draw. */
export type RandomSeed = number | string;

/**
 * The 32-bit number the PRNG starts from. A number is used as is (so numeric seeds stored by earlier
 * runs draw the same bracket); a string is hashed with FNV-1a.
 */
export function seedNumber(seed: RandomSeed): number {
  if (typeof seed === 'number') {
    return seed >>> 0;
  }
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

export interface SeedingOptions {
  /** Required for `random`. */
  randomSeed?: RandomSeed;
  /** Used by `rating`: higher is seeded first; equal ratings keep the manual order. */
  teamRating?: (teamId: string) => number;
}

/** Team ids best seed first. */
export function seedTeams(
  teamIds: readonly string[],
  mode: SeedingMode,
  options: SeedingOptions = {},
): string[] {
  if (mode === 'random' && options.randomSeed === undefined) {
    throw new Error('Random seeding needs a stored seed.');
  }
  return seedOrder(teamIds, mode, {
    randomSeed: options.randomSeed === undefined ? null : seedNumber(options.randomSeed),
    teamRating: options.teamRating,
  });
}

/** The smallest power of two that holds `count` teams (at least 2). */
export function bracketSize(count: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(count, 2)));
}

/**
 * The `seeding` list for brackets-manager. Elimination brackets need a power of two: the missing seeds
 * are `null` (byes) at the end. With the library's default `inner_outer` ordering (1 v 8, 4 v 5, 2 v 7,
 * 3 v 6) the best seeds then get the byes, and as fewer than half the slots are empty no first-round
 * match is a bye against a bye. Its `balanceByes` option is not used: it gives the byes to the lowest
 * seeds. Round robin takes the teams as they are.
 */
export function bracketSeeding<T>(seeded: readonly T[], type: StageType): (T | null)[] {
  if (type === 'round_robin') {
    return [...seeded];
  }
  const slots: (T | null)[] = [...seeded];
  slots.length = bracketSize(seeded.length);
  return slots.fill(null, seeded.length);
}
