/**
 * Shuffle tournaments: each round the registered players are drawn into teams of equal size, balanced
 * by rating. Pure and deterministic for a given seed.
 */
import { seededRandom } from './seed-order.js';

export interface PoolPlayer {
  id: string;
  rating: number;
  /** Rounds this player sat out so far: they play first when the pool does not divide evenly. */
  satOut: number;
}

export interface Draw {
  teams: string[][];
  sittingOut: string[];
}

/**
 * Who plays: as many full teams as the pool allows (an even number when possible, so every team has an
 * opponent), those who sat out most first, ties broken by the seed. Then a snake draft by rating, and
 * swaps between teams while they shrink the gap between the strongest and weakest team.
 */
export function drawTeams(pool: readonly PoolPlayer[], teamSize: number, seed: number): Draw {
  const random = seededRandom(seed);
  const order = pool
    .map((p) => ({ ...p, tiebreak: random() }))
    .sort((a, b) => b.satOut - a.satOut || a.tiebreak - b.tiebreak);
  let teamCount = Math.floor(pool.length / teamSize);
  if (teamCount > 2 && teamCount % 2 === 1) {
    teamCount--;
  }
  const playing = order
    .slice(0, teamCount * teamSize)
    .sort((a, b) => b.rating - a.rating || a.tiebreak - b.tiebreak);
  const sittingOut = order.slice(teamCount * teamSize).map((p) => p.id);

  const teams: PoolPlayer[][] = Array.from({ length: teamCount }, () => []);
  playing.forEach((player, i) => {
    const lap = Math.floor(i / teamCount);
    const slot = i % teamCount;
    teams[lap % 2 === 0 ? slot : teamCount - 1 - slot]!.push(player);
  });
  balance(teams);
  return { teams: teams.map((team) => team.map((p) => p.id)), sittingOut };
}

const total = (team: readonly PoolPlayer[]) => team.reduce((sum, p) => sum + p.rating, 0);

/** Greedy improvement: swap one player between the strongest and weakest team while that helps. */
function balance(teams: PoolPlayer[][]): void {
  for (let pass = 0; pass < 100 && teams.length > 1; pass++) {
    const sums = teams.map(total);
    const strong = sums.indexOf(Math.max(...sums));
    const weak = sums.indexOf(Math.min(...sums));
    const gap = sums[strong]! - sums[weak]!;
    let best: { i: number; j: number; gap: number } | undefined;
    teams[strong]!.forEach((a, i) =>
      teams[weak]!.forEach((b, j) => {
        const moved = a.rating - b.rating;
        const next = Math.abs(gap - 2 * moved);
        if (moved > 0 && next < gap && (!best || next < best.gap)) {
          best = { i, j, gap: next };
        }
      }),
    );
    if (!best) {
      return;
    }
    const a = teams[strong]![best.i]!;
    teams[strong]![best.i] = teams[weak]![best.j]!;
    teams[weak]![best.j] = a;
  }
}
