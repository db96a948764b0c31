/**
 * Valve-style Swiss (API.md decision 77): a team advances at `advanceAt` wins and is out at
 * `eliminateAt` losses, is paired no more once decided, and meets teams of its own record pool.
 * Pairing inside a pool follows Valve's Major rulebook (teams ordered by record, then difficulty, then
 * seed; the highest faces the lowest available without a rematch), as HLTV and 5stack show it. Pure.
 */
import type { MatchFormat } from '../contracts/matches.js';
import {
  byeCandidatesOf,
  pairFirstRound,
  pairRemaining,
  playedPairs,
  pairKey,
  SEARCH_BUDGET,
  swissStandings,
  type SwissPairing,
  type SwissResult,
  type SwissStanding,
  type SwissTeam,
} from './swiss.js';

export interface SwissThresholds {
  advanceAt: number;
  eliminateAt: number;
}

export const SWISS_STATES = ['advanced', 'eliminated', 'playing'] as const;
export type SwissState = (typeof SWISS_STATES)[number];

/** A team's wins and losses, all a record pool needs. */
export interface SwissRecord {
  wins: number;
  losses: number;
  draws?: number;
}

/** Rounds a thresholds Swiss can last: the last team is decided after advanceAt + eliminateAt - 1. */
export const thresholdRounds = (t: SwissThresholds): number => t.advanceAt + t.eliminateAt - 1;

/** "2-1"; a draw adds a third number ("1-1-1"), as standings tables write it. */
export const recordText = (r: SwissRecord): string =>
  r.draws ? `${r.wins}-${r.losses}-${r.draws}` : `${r.wins}-${r.losses}`;

/** Fixed rounds (no thresholds) decide nobody: every team is `playing` until its pool ends. */
export function swissState(r: SwissRecord, thresholds: SwissThresholds | null): SwissState {
  if (thresholds === null) {
    return 'playing';
  }
  if (r.wins >= thresholds.advanceAt) {
    return 'advanced';
  }
  return r.losses >= thresholds.eliminateAt ? 'eliminated' : 'playing';
}

/** A match that can advance or eliminate one of its teams plays the decider format. */
export function isDeciderMatch(a: SwissRecord, b: SwissRecord | null, thresholds: SwissThresholds): boolean {
  const decides = (r: SwissRecord) =>
    r.wins + 1 >= thresholds.advanceAt || r.losses + 1 >= thresholds.eliminateAt;
  return decides(a) || (b !== null && decides(b));
}

/** The best-of of a paired match: the decider format when it can decide a team, else the pool's. */
export function pairingFormat(
  a: SwissRecord,
  b: SwissRecord | null,
  thresholds: SwissThresholds | null,
  format: MatchFormat,
  deciderFormat: MatchFormat,
): MatchFormat {
  return thresholds !== null && b !== null && isDeciderMatch(a, b, thresholds) ? deciderFormat : format;
}

/** Distance between two record pools: 0 inside one pool. */
const poolGap = (a: SwissStanding, b: SwissStanding) =>
  Math.abs(a.wins - b.wins) + Math.abs(a.losses - b.losses) + Math.abs(a.draws - b.draws);

/**
 * The next round of a thresholds Swiss: only `playing` teams are paired, inside their record pool
 * (wins, losses), ordered by Buchholz then seed; the highest takes the lowest of its pool that it has
 * not met. An odd pool sends its leftover team down to meet the top of the next pool; an odd count of
 * teams gives the bye as `pairNextRound` does (fewest byes, lowest-ranked). When a pool cannot pair
 * without a rematch, as few pairs as possible cross into the neighbouring pool; rematches only when
 * no pairing without one exists. Empty once every team is decided.
 */
export function pairRecordPools(
  teams: readonly SwissTeam[],
  results: readonly SwissResult[],
  thresholds: SwissThresholds,
  withdrawn: ReadonlySet<string> = new Set(),
): SwissPairing[] {
  // A withdrawn team's played results stand, but it is paired no more (decision 61).
  const standings = swissStandings(teams, results).filter(
    (s) => swissState(s, thresholds) === 'playing' && !withdrawn.has(s.teamId),
  );
  if (standings.length === 0) {
    return [];
  }
  if (results.length === 0) {
    return pairFirstRound(standings.map((s) => ({ id: s.teamId, seed: s.seed })));
  }
  // swissStandings already sorts by wins, losses, Buchholz, round difference, seed; Valve's order
  // inside a pool leaves round difference out.
  const ranked = [...standings].sort(
    (a, b) => b.wins - a.wins || a.losses - b.losses || b.buchholz - a.buchholz || a.seed - b.seed,
  );
  const rowOf = new Map(ranked.map((s) => [s.teamId, s]));
  const order = ranked.map((s) => s.teamId);
  const played = playedPairs(results);
  const preference = (first: string, unpaired: readonly string[]) => {
    const own = rowOf.get(first)!;
    return unpaired
      .map((id, index) => ({ id, index, gap: poolGap(own, rowOf.get(id)!) }))
      .sort((a, b) => a.gap - b.gap || (a.gap === 0 ? b.index - a.index : a.index - b.index))
      .map((c) => c.id);
  };
  // The fewest pairs across pools first: each odd pool needs one; a rematch only when unavoidable.
  const sizes = new Map<string, number>();
  for (const s of ranked) {
    const key = recordText(s);
    sizes.set(key, (sizes.get(key) ?? 0) + 1);
  }
  const oddPools = [...sizes.values()].filter((n) => n % 2 === 1).length;
  const fewest = Math.ceil(oddPools / 2);
  const crossLimits = [fewest, fewest + 1, fewest + 2, Infinity];
  const crossing = { cost: (a: string, b: string) => (poolGap(rowOf.get(a)!, rowOf.get(b)!) > 0 ? 1 : 0) };
  for (const allowRematches of [false, true]) {
    for (const max of crossLimits) {
      const budget = { left: SEARCH_BUDGET };
      for (const bye of byeCandidatesOf(ranked)) {
        const rest = bye === null ? order : order.filter((id) => id !== bye);
        const pairs = pairRemaining(
          rest,
          preference,
          (a, b) => allowRematches || !played.has(pairKey(a, b)),
          budget,
          { ...crossing, max },
        );
        if (pairs) {
          return bye === null ? pairs : [...pairs, { team1: bye, team2: null }];
        }
      }
    }
  }
  throw new Error('Swiss pairing found no pairing at all.');
}

/** One record pool as the bracket shows it: "2-1" and its teams, best first. */
export interface RecordPool<T extends SwissRecord> {
  record: string;
  wins: number;
  losses: number;
  rows: T[];
}

/**
 * Rows grouped by record (3-0, 3-1, 2-1, …), the pools with most wins first, then fewest losses, as
 * the HLTV and 5stack Swiss views list them. Rows keep their order inside a pool.
 */
export function recordPools<T extends SwissRecord>(rows: readonly T[]): RecordPool<T>[] {
  const pools = new Map<string, RecordPool<T>>();
  for (const row of rows) {
    const record = recordText(row);
    const pool = pools.get(record) ?? { record, wins: row.wins, losses: row.losses, rows: [] };
    pool.rows.push(row);
    pools.set(record, pool);
  }
  return [...pools.values()].sort((a, b) => b.wins - a.wins || a.losses - b.losses);
}

/** What makes thresholds settings unusable, each naming its field under `path`. */
export function thresholdProblems(
  input: {
    advanceAt?: number | null;
    eliminateAt?: number | null;
    deciderFormat?: MatchFormat | null;
    swissRounds?: number;
  },
  path: string,
  drawsPossible: boolean,
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const given = (v: unknown) => v !== undefined && v !== null;
  if (given(input.advanceAt) !== given(input.eliminateAt)) {
    const missing = given(input.advanceAt) ? 'eliminateAt' : 'advanceAt';
    problems.push({
      path: `${path}.${missing}`,
      message: 'advanceAt and eliminateAt go together: give both, or neither for fixed rounds',
    });
    return problems;
  }
  if (!given(input.advanceAt)) {
    if (given(input.deciderFormat)) {
      problems.push({
        path: `${path}.deciderFormat`,
        message: 'a decider format needs advanceAt and eliminateAt (fixed rounds have no deciding matches)',
      });
    }
    return problems;
  }
  if (input.swissRounds !== undefined) {
    problems.push({
      path: `${path}.swissRounds`,
      message: 'with advanceAt and eliminateAt the rounds follow from them; leave swissRounds out',
    });
  }
  if (drawsPossible) {
    problems.push({
      path: 'settings.overtimeMode',
      message:
        'advanceAt/eliminateAt need a winner in every match; disabled_draw lets a map end level (use enabled or disabled_tiebreak)',
    });
  }
  return problems;
}

/** The thresholds of a Swiss config, or null for fixed rounds. */
export function thresholdsOf(config: {
  advanceAt?: number | null;
  eliminateAt?: number | null;
}): SwissThresholds | null {
  const { advanceAt, eliminateAt } = config;
  return advanceAt != null && eliminateAt != null ? { advanceAt, eliminateAt } : null;
}

/** Rounds a Swiss pool lasts: what the thresholds allow, else `swissRounds`, else `fallback`. */
export function swissRoundsFor(
  config: { swissRounds?: number; advanceAt?: number | null; eliminateAt?: number | null },
  fallback: number,
): number {
  const thresholds = thresholdsOf(config);
  return thresholds ? thresholdRounds(thresholds) : (config.swissRounds ?? fallback);
}
