/**
 * The group stage of a `groups_playoffs` tournament (API.md decisions 26-28): snake-dealt groups, group
 * standings with their tie-breaks, and the playoff seats the groups fill. Pure.
 */
import { swissStandings, type SwissResult, type SwissStanding, type SwissTeam } from './swiss.js';

/** `A`, `B`, … for group index 0, 1, …. */
export const groupName = (index: number): string => String.fromCharCode(65 + index);

/**
 * Teams in seed order dealt snake-wise into `groupCount` groups: seeds 1..G go to A..G, seeds
 * G+1..2G to G..A, and so on. Each group lists its teams in seed order.
 */
export function snakeGroups<T>(seeded: readonly T[], groupCount: number): T[][] {
  const groups: T[][] = Array.from({ length: groupCount }, () => []);
  seeded.forEach((team, i) => {
    const pass = Math.floor(i / groupCount);
    const offset = i % groupCount;
    groups[pass % 2 === 0 ? offset : groupCount - 1 - offset]!.push(team);
  });
  return groups;
}

/** Sizes of the groups `teamCount` teams are dealt into (they differ by at most one). */
export function groupSizes(teamCount: number, groupCount: number): number[] {
  return snakeGroups(
    Array.from({ length: teamCount }, (_, i) => i),
    groupCount,
  ).map((g) => g.length);
}

/** Swiss rounds of a group stage unless set: ceil(log2(largest group size)), at least 1. */
export function defaultGroupSwissRounds(teamCount: number, groupCount: number): number {
  const largest = Math.max(2, ...groupSizes(teamCount, groupCount));
  return Math.max(1, Math.ceil(Math.log2(largest)));
}

export type GroupType = 'round_robin' | 'swiss';

/**
 * A group's standings: wins desc, losses asc, then wins in the matches among the tied teams (round
 * robin) or Buchholz desc (Swiss), then round difference desc, then seed asc. A bye counts as a win
 * (decision 21), a draw as neither.
 */
export function groupStandings(
  type: GroupType,
  teams: readonly SwissTeam[],
  results: readonly SwissResult[],
): SwissStanding[] {
  const rows = swissStandings(teams, results);
  const record = (r: SwissStanding) => `${r.wins}:${r.losses}`;
  const headToHead = new Map<string, number>();
  if (type === 'round_robin') {
    const tiedWith = new Map(rows.map((r) => [r.teamId, record(r)]));
    for (const result of results) {
      const { team1, team2, winner } = result;
      if (team2 !== null && winner !== null && tiedWith.get(team1) === tiedWith.get(team2)) {
        headToHead.set(winner, (headToHead.get(winner) ?? 0) + 1);
      }
    }
  }
  const tieBreak = (r: SwissStanding) =>
    type === 'round_robin' ? (headToHead.get(r.teamId) ?? 0) : r.buchholz;
  const sorted = [...rows].sort(
    (a, b) =>
      b.wins - a.wins ||
      a.losses - b.losses ||
      tieBreak(b) - tieBreak(a) ||
      b.roundDifference - a.roundDifference ||
      a.seed - b.seed,
  );
  return sorted.map((row, i) => ({ ...row, rank: i + 1 }));
}

/** The name of a playoff seat: `Group A #1`. */
export const seatName = (group: number, place: number): string => `Group ${groupName(group)} #${place}`;

/** First-round pairs of a standard bracket of `seats` entrants (1 v N, 2 v N-1 over the power of two). */
function firstRoundPairs(seats: number): [number, number][] {
  const size = 2 ** Math.ceil(Math.log2(Math.max(seats, 2)));
  const pairs: [number, number][] = [];
  for (let seed = 1; seed <= size / 2; seed++) {
    const other = size + 1 - seed;
    if (other <= seats) {
      pairs.push([seed, other]);
    }
  }
  return pairs;
}

/**
 * The playoff seats in seed order (decision 28): place 1 of groups A, B, C, …, then place 2 of A, B,
 * C, …, and so on. When a first-round match would pair two teams of one group, the tier (place) of its
 * lower seed is rotated by one group (B, C, …, A) until none of that tier's first matches does; when no
 * rotation clears the tier, the rotation with the fewest such matches (the earliest on a tie) stays.
 * Tiers are settled in place order, so a tier only meets seeds already fixed.
 */
export function playoffSeats(groupCount: number, advancePerGroup: number): string[] {
  const total = groupCount * advancePerGroup;
  const pairs = firstRoundPairs(total);
  const tiers: number[][] = Array.from({ length: advancePerGroup }, () =>
    Array.from({ length: groupCount }, (_, g) => g),
  );
  const groupOfSeed = (seed: number) => tiers[Math.floor((seed - 1) / groupCount)]![(seed - 1) % groupCount]!;
  const tierOf = (seed: number) => Math.floor((seed - 1) / groupCount);
  for (let tier = 1; tier < advancePerGroup; tier++) {
    const base = tiers[tier]!;
    const clashes = () =>
      pairs.filter(([high, low]) => tierOf(low) === tier && groupOfSeed(high) === groupOfSeed(low)).length;
    let best = { rotation: 0, clashes: clashes() };
    for (let rotation = 1; rotation < groupCount && best.clashes > 0; rotation++) {
      tiers[tier] = [...base.slice(rotation), ...base.slice(0, rotation)];
      const count = clashes();
      if (count < best.clashes) {
        best = { rotation, clashes: count };
      }
    }
    tiers[tier] = [...base.slice(best.rotation), ...base.slice(0, best.rotation)];
  }
  return tiers.flatMap((groups, tier) => groups.map((g) => seatName(g, tier + 1)));
}

/** The group stage's numbers that decision 24 checks. */
export interface GroupStageSize {
  groupCount: number;
  advancePerGroup: number;
}

/**
 * What makes a group stage impossible for `teamCount` teams (0: teams not chosen yet, only the
 * advancing count is checked), each naming its field under `stages.0`.
 */
export function groupStageProblems(
  stage: GroupStageSize,
  teamCount: number,
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (teamCount > 0 && stage.groupCount > teamCount / 2) {
    problems.push({
      path: 'stages.0.groupCount',
      message: `${teamCount} teams make at most ${Math.floor(teamCount / 2)} groups of 2 or more; asked for ${stage.groupCount}`,
    });
  } else if (teamCount > 0) {
    const smallest = Math.min(...groupSizes(teamCount, stage.groupCount));
    if (stage.advancePerGroup >= smallest) {
      problems.push({
        path: 'stages.0.advancePerGroup',
        message: `must be smaller than the smallest group (${smallest} teams); is ${stage.advancePerGroup}`,
      });
    }
  }
  if (stage.groupCount * stage.advancePerGroup < 2) {
    problems.push({
      path: 'stages.0.advancePerGroup',
      message: `at least 2 teams must advance in all; ${stage.groupCount * stage.advancePerGroup} would`,
    });
  }
  return problems;
}

/** A team of a two-stage tournament, for its final ranking. */
export interface StagedEntrant {
  teamId: string;
  /** Place in its group (1 = first). */
  groupPlace: number;
  /** Wins over both stages. */
  wins: number;
  /** Has a playoff seat. */
  qualified: boolean;
  /** The tournament's champion (once completed). */
  champion: boolean;
  /** Its last decided playoff match: the place in play order of that match's round, and whether it won. */
  lastPlayoff: { roundOrder: number; won: boolean } | null;
}

/**
 * Ranks of a `groups_playoffs` tournament (API.md decision 30): the champion, then the playoff teams
 * by the round their last match belongs to (later first; in one round the winner first, so the
 * final's loser comes second and a third place match orders its two teams), then the teams that did
 * not qualify by group place, then wins. Equal keys share a rank (1, 2, 3, 3, 5).
 */
export function rankStagedEntrants(entrants: readonly StagedEntrant[]): Map<string, number> {
  const keyOf = (e: StagedEntrant): number[] => {
    if (e.champion) {
      return [0];
    }
    if (e.qualified) {
      return [1, -(e.lastPlayoff?.roundOrder ?? 0), e.lastPlayoff?.won ? 0 : 1];
    }
    return [2, e.groupPlace, -e.wins];
  };
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = (a[i] ?? 0) - (b[i] ?? 0);
      if (d !== 0) {
        return d;
      }
    }
    return 0;
  };
  const keyed = entrants.map((e) => ({ id: e.teamId, key: keyOf(e) })).sort((a, b) => compare(a.key, b.key));
  const ranks = new Map<string, number>();
  keyed.forEach((entry, i) => {
    const previous = keyed[i - 1];
    ranks.set(entry.id, previous && compare(previous.key, entry.key) === 0 ? ranks.get(previous.id)! : i + 1);
  });
  return ranks;
}

/** Seat name -> team id from each group's final standings (team ids by place, group A first). */
export function seatTeams(
  groupsByPlace: readonly (readonly string[])[],
  advancePerGroup: number,
): Record<string, string> {
  const seats: Record<string, string> = {};
  groupsByPlace.forEach((ranked, g) => {
    ranked.slice(0, advancePerGroup).forEach((teamId, i) => {
      seats[seatName(g, i + 1)] = teamId;
    });
  });
  return seats;
}
