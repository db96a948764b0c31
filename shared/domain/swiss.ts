/**
 * Swiss pairing and standings (spec, Bracket rules). Pure: no I/O, no clock, no randomness.
 */

export interface SwissTeam {
  id: string;
  /** 1 is the best seed. */
  seed: number;
}

/** A decided Swiss match; `team2: null` is a bye, `winner: null` a draw. */
export interface SwissResult {
  team1: string;
  team2: string | null;
  winner: string | null;
  team1Rounds: number;
  team2Rounds: number;
  /** Neither team checked in and draws count (API.md decision 36): a loss for each, not a draw. */
  bothLose?: boolean;
}

/** `team2: null` is a bye. */
export interface SwissPairing {
  team1: string;
  team2: string | null;
}

export interface SwissStanding {
  teamId: string;
  seed: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  buchholz: number;
  roundDifference: number;
  rank: number;
}

interface Tally {
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  roundDifference: number;
  opponents: string[];
}

function tallies(teams: readonly SwissTeam[], results: readonly SwissResult[]): Map<string, Tally> {
  const map = new Map<string, Tally>(
    teams.map((t) => [t.id, { wins: 0, losses: 0, draws: 0, byes: 0, roundDifference: 0, opponents: [] }]),
  );
  const get = (id: string) => {
    const tally = map.get(id);
    if (!tally) {
      throw new Error(`Swiss result names unknown team "${id}".`);
    }
    return tally;
  };
  for (const r of results) {
    const one = get(r.team1);
    if (r.team2 === null) {
      // A bye counts as a win and adds nothing to Buchholz or round difference.
      one.wins++;
      one.byes++;
      continue;
    }
    const two = get(r.team2);
    one.opponents.push(r.team2);
    two.opponents.push(r.team1);
    one.roundDifference += r.team1Rounds - r.team2Rounds;
    two.roundDifference += r.team2Rounds - r.team1Rounds;
    if (r.bothLose) {
      one.losses++;
      two.losses++;
    } else if (r.winner === null) {
      one.draws++;
      two.draws++;
    } else if (r.winner === r.team1) {
      one.wins++;
      two.losses++;
    } else {
      two.wins++;
      one.losses++;
    }
  }
  return map;
}

/**
 * Standings sorted by wins, losses, Buchholz (the sum of the current wins of the team's actual
 * opponents), round difference, then seed.
 */
export function swissStandings(
  teams: readonly SwissTeam[],
  results: readonly SwissResult[],
): SwissStanding[] {
  const map = tallies(teams, results);
  const rows = teams.map((team) => {
    const t = map.get(team.id)!;
    const buchholz = t.opponents.reduce((sum, id) => sum + map.get(id)!.wins, 0);
    return {
      teamId: team.id,
      seed: team.seed,
      wins: t.wins,
      losses: t.losses,
      draws: t.draws,
      byes: t.byes,
      buchholz,
      roundDifference: t.roundDifference,
      rank: 0,
    };
  });
  rows.sort(
    (a, b) =>
      b.wins - a.wins ||
      a.losses - b.losses ||
      b.buchholz - a.buchholz ||
      b.roundDifference - a.roundDifference ||
      a.seed - b.seed,
  );
  return rows.map((row, i) => ({ ...row, rank: i + 1 }));
}

/** Round 1: top half of the seeds against the bottom half; with an odd count the lowest seed has the bye. */
export function pairFirstRound(teams: readonly SwissTeam[]): SwissPairing[] {
  const sorted = [...teams].sort((a, b) => a.seed - b.seed);
  const byeTeam = sorted.length % 2 === 1 ? sorted.pop()! : undefined;
  const half = sorted.length / 2;
  const pairings: SwissPairing[] = sorted
    .slice(0, half)
    .map((team, i) => ({ team1: team.id, team2: sorted[i + half]!.id }));
  return byeTeam ? [...pairings, { team1: byeTeam.id, team2: null }] : pairings;
}

/** How much search a pairing may spend before it settles for rematches (keeps 256 teams fast). */
export const SEARCH_BUDGET = 200_000;

/**
 * A later round from the standings: equal records meet in standings order, so the lowest team of an
 * odd group moves down; rematches are avoided by backtracking and allowed only when no rematch-free
 * pairing exists; with an odd count the bye goes to the lowest-ranked team among those with the fewest
 * byes, so nobody gets a second bye while another team has none.
 */
export function pairNextRound(
  teams: readonly SwissTeam[],
  results: readonly SwissResult[],
  withdrawn: ReadonlySet<string> = new Set(),
): SwissPairing[] {
  // A withdrawn team's played results stand (for the others' Buchholz), but it is paired no more.
  const standings = swissStandings(teams, results).filter((s) => !withdrawn.has(s.teamId));
  const played = playedPairs(results);
  const order = standings.map((s) => s.teamId);
  const score = new Map(standings.map((s) => [s.teamId, s.wins * 2 + s.draws]));
  const byeCandidates = byeCandidatesOf(standings);

  for (const allowRematches of [false, true]) {
    // One budget for every bye choice of a phase, so a hopeless rematch-free search stays bounded.
    const budget = { left: SEARCH_BUDGET };
    for (const bye of byeCandidates) {
      const rest = bye === null ? order : order.filter((id) => id !== bye);
      const pairs = pairRemaining(
        rest,
        (first, unpaired) => closestScored(first, unpaired, score),
        (a, b) => allowRematches || !played.has(pairKey(a, b)),
        budget,
      );
      if (pairs) {
        return bye === null ? pairs : [...pairs, { team1: bye, team2: null }];
      }
    }
  }
  throw new Error('Swiss pairing found no pairing at all.');
}

export function pairKey(a: string, b: string): string {
  return `${a}\u0000${b}`;
}

/** Both orders of every pair that already met (byes excluded). */
export function playedPairs(results: readonly SwissResult[]): Set<string> {
  const played = new Set<string>();
  for (const r of results) {
    if (r.team2 !== null) {
      played.add(pairKey(r.team1, r.team2));
      played.add(pairKey(r.team2, r.team1));
    }
  }
  return played;
}

/** [null] for an even count; else teams with the fewest byes, lowest-ranked first. */
export function byeCandidatesOf(standings: readonly SwissStanding[]): (string | null)[] {
  if (standings.length % 2 === 0) {
    return [null];
  }
  const fewest = Math.min(...standings.map((s) => s.byes));
  return standings
    .filter((s) => s.byes === fewest)
    .reverse()
    .map((s) => s.teamId);
}

/** The closest-scored opponents first, nearest in the standings first. */
function closestScored(first: string, unpaired: readonly string[], score: ReadonlyMap<string, number>) {
  const firstScore = score.get(first)!;
  return unpaired
    .map((id, index) => ({ id, index, gap: Math.abs(firstScore - score.get(id)!) }))
    .sort((a, b) => a.gap - b.gap || a.index - b.index)
    .map((c) => c.id);
}

/**
 * Backtracking: the best-ranked unpaired team takes the first allowed opponent in `preference` order;
 * `limit` caps the summed cost of the chosen pairs. Returns undefined when no complete pairing exists
 * (or the budget runs out).
 */
export function pairRemaining(
  order: readonly string[],
  preference: (first: string, unpaired: readonly string[]) => string[],
  allowed: (a: string, b: string) => boolean,
  budget: { left: number },
  limit?: { cost: (a: string, b: string) => number; max: number },
): SwissPairing[] | undefined {
  const unpaired = [...order];
  const pairs: SwissPairing[] = [];
  let spent = 0;
  const step = (): boolean => {
    if (unpaired.length === 0) {
      return true;
    }
    if (--budget.left < 0) {
      return false;
    }
    const first = unpaired.shift()!;
    const candidates = preference(first, unpaired).filter((id) => allowed(first, id));
    for (const candidate of candidates) {
      const cost = limit ? limit.cost(first, candidate) : 0;
      if (limit && spent + cost > limit.max) {
        continue;
      }
      const at = unpaired.indexOf(candidate);
      unpaired.splice(at, 1);
      pairs.push({ team1: first, team2: candidate });
      spent += cost;
      if (step()) {
        return true;
      }
      spent -= cost;
      pairs.pop();
      unpaired.splice(at, 0, candidate);
    }
    unpaired.unshift(first);
    return false;
  };
  return step() ? pairs : undefined;
}
