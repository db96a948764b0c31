/**
 * Shuffle tournaments: each round the registered pool is drawn into teams balanced by rating, and the
 * players are ranked by their own results. Pure: the seed of the draw is an argument.
 */
import { seedTeams, type RandomSeed } from './seeding.js';

export interface ShufflePlayer {
  id: string;
  rating: number;
  /** Rounds sat out so far: when not everyone can play, those who sat out least sit out. */
  roundsBenched?: number;
}

export interface ShuffleDraw {
  /** Player ids per team, strongest first. */
  teams: string[][];
  /** Players who sit this round out because the pool does not divide into an even number of full teams. */
  benched: string[];
}

/** Below this, a swap is a floating-point tie, not an improvement (keeps the search finite). */
const EPSILON = 1e-9;

const ratingSum = (team: readonly ShufflePlayer[]) => team.reduce((sum, p) => sum + p.rating, 0);

/**
 * Draws the pool into as many full teams of `teamSize` as it holds, an even number of them. Teams start
 * from a snake draft by rating (equal ratings in seeded random order, so a pool of new players is drawn
 * differently each round), then players are swapped between teams while a swap brings the two teams'
 * rating sums closer, which lowers the spread of all team sums. The same pool and seed give the same draw.
 */
export function drawShuffleTeams(
  players: readonly ShufflePlayer[],
  teamSize: number,
  seed: RandomSeed,
): ShuffleDraw {
  if (!Number.isInteger(teamSize) || teamSize < 1) {
    throw new Error(`Team size must be a whole number of at least 1; got ${teamSize}.`);
  }
  // Teams meet in pairs each round: an odd team count would hand one team, and so its players, a free win.
  const fullTeams = Math.floor(players.length / teamSize);
  const teamCount = fullTeams - (fullTeams % 2);
  if (teamCount < 2) {
    throw new Error(`A round needs at least ${2 * teamSize} players for 2 teams of ${teamSize}.`);
  }
  const drawOrder = new Map(
    seedTeams(
      players.map((p) => p.id),
      'random',
      { randomSeed: seed },
    ).map((id, i) => [id, i]),
  );
  if (drawOrder.size !== players.length) {
    throw new Error('A player is registered twice in the shuffle pool.');
  }
  const byDraw = (a: ShufflePlayer, b: ShufflePlayer) => drawOrder.get(a.id)! - drawOrder.get(b.id)!;

  const benchFirst = [...players].sort(
    (a, b) => (a.roundsBenched ?? 0) - (b.roundsBenched ?? 0) || byDraw(a, b),
  );
  const benchCount = players.length - teamCount * teamSize;
  const benched = benchFirst.slice(0, benchCount);
  const strongestFirst = benchFirst.slice(benchCount).sort((a, b) => b.rating - a.rating || byDraw(a, b));

  const teams = snakeDraft(strongestFirst, teamCount);
  balanceBySwaps(teams);
  return {
    teams: teams.map((team) => team.sort((a, b) => b.rating - a.rating || byDraw(a, b)).map((p) => p.id)),
    benched: benched.map((p) => p.id),
  };
}

/** Picks go 1..n, then n..1, and so on. */
function snakeDraft(strongestFirst: readonly ShufflePlayer[], teamCount: number): ShufflePlayer[][] {
  const teams = Array.from({ length: teamCount }, (): ShufflePlayer[] => []);
  strongestFirst.forEach((player, pick) => {
    const round = Math.floor(pick / teamCount);
    const place = pick % teamCount;
    teams[round % 2 === 0 ? place : teamCount - 1 - place]!.push(player);
  });
  return teams;
}

/**
 * Swapping players i (team a) and j (team b) moves d = rating(j) − rating(i) from b's sum to a's. The sum
 * of squared team sums then changes by 2·d·(d − gap), gap = sum(b) − sum(a): it drops exactly when d
 * lies strictly between 0 and gap, most when d is near gap / 2. Each pass makes the best such swap for
 * every pair of teams; it stops when no swap helps.
 */
function balanceBySwaps(teams: ShufflePlayer[][]): void {
  const sums = teams.map(ratingSum);
  let improved = true;
  while (improved) {
    improved = false;
    for (let a = 0; a < teams.length; a++) {
      for (let b = a + 1; b < teams.length; b++) {
        const gap = sums[b]! - sums[a]!;
        let best = { gain: EPSILON, i: -1, j: -1, d: 0 };
        teams[a]!.forEach((pi, i) => {
          teams[b]!.forEach((pj, j) => {
            const d = pj.rating - pi.rating;
            const gain = 2 * d * (gap - d);
            if (gain > best.gain) {
              best = { gain, i, j, d };
            }
          });
        });
        if (best.i >= 0) {
          const moved = teams[a]![best.i]!;
          teams[a]![best.i] = teams[b]![best.j]!;
          teams[b]![best.j] = moved;
          sums[a]! += best.d;
          sums[b]! -= best.d;
          improved = true;
        }
      }
    }
  }
}

/** A decided series between two drawn teams (player ids); `winner: null` is a draw. */
export interface PlayerSeriesResult {
  team1: readonly string[];
  team2: readonly string[];
  winner: 'team1' | 'team2' | null;
  team1Rounds: number;
  team2Rounds: number;
}

export interface PlayerStanding {
  playerId: string;
  played: number;
  wins: number;
  losses: number;
  draws: number;
  roundDifference: number;
  rating: number;
  rank: number;
}

/**
 * The shuffle leaderboard: each player is credited with the results of the teams they were drawn into.
 * Sorted by wins, fewer losses, round difference, rating, id.
 */
export function playerLeaderboard(
  players: readonly Pick<ShufflePlayer, 'id' | 'rating'>[],
  results: readonly PlayerSeriesResult[],
): PlayerStanding[] {
  const rows = new Map(
    players.map((p) => [
      p.id,
      {
        playerId: p.id,
        played: 0,
        wins: 0,
        losses: 0,
        draws: 0,
        roundDifference: 0,
        rating: p.rating,
        rank: 0,
      },
    ]),
  );
  const credit = (ids: readonly string[], outcome: 'wins' | 'losses' | 'draws', roundDifference: number) => {
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) {
        throw new Error(`Shuffle result names unknown player "${id}".`);
      }
      row.played++;
      row[outcome]++;
      row.roundDifference += roundDifference;
    }
  };
  for (const r of results) {
    const difference = r.team1Rounds - r.team2Rounds;
    credit(r.team1, r.winner === null ? 'draws' : r.winner === 'team1' ? 'wins' : 'losses', difference);
    credit(r.team2, r.winner === null ? 'draws' : r.winner === 'team2' ? 'wins' : 'losses', -difference);
  }
  return [...rows.values()]
    .sort(
      (a, b) =>
        b.wins - a.wins ||
        a.losses - b.losses ||
        b.roundDifference - a.roundDifference ||
        b.rating - a.rating ||
        (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0),
    )
    .map((row, i) => ({ ...row, rank: i + 1 }));
}
