import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawShuffleTeams,
  playerLeaderboard,
  type ShuffleDraw,
  type ShufflePlayer,
} from '../../shared/domain/shuffle.js';

const pool = (ratings: readonly number[]): ShufflePlayer[] =>
  ratings.map((rating, i) => ({ id: `p${i + 1}`, rating }));

/** Highest minus lowest team rating sum. */
function spread(draw: ShuffleDraw, players: readonly ShufflePlayer[]): number {
  const rating = new Map(players.map((p) => [p.id, p.rating]));
  const sums = draw.teams.map((team) => team.reduce((sum, id) => sum + rating.get(id)!, 0));
  return Math.max(...sums) - Math.min(...sums);
}

/** The plain snake draft (everyone playing) the draw must never be worse than. */
function snakeSpread(players: readonly ShufflePlayer[], teamSize: number): number {
  const teamCount = players.length / teamSize;
  const sums = Array<number>(teamCount).fill(0);
  [...players]
    .sort((a, b) => b.rating - a.rating)
    .forEach((player, pick) => {
      const place = pick % teamCount;
      sums[Math.floor(pick / teamCount) % 2 === 0 ? place : teamCount - 1 - place]! += player.rating;
    });
  return Math.max(...sums) - Math.min(...sums);
}

describe('shuffle draw into balanced teams', () => {
  it('fixes what a snake draft leaves unbalanced (checked by hand)', () => {
    // Snake: {2400, 1500, 1500} 5400 v {1500, 1500, 600} 3600; one swap of 1500 and 600 levels them at 4500.
    const players = pool([2400, 1500, 1500, 1500, 1500, 600]);
    const draw = drawShuffleTeams(players, 3, 1);
    expect(spread(draw, players)).toBe(0);
    expect(draw.teams.map((team) => team.length)).toEqual([3, 3]);
    expect(draw.benched).toEqual([]);
  });

  it('draws an even number of teams, so every team has an opponent', () => {
    const draw = drawShuffleTeams(pool(Array(16).fill(1500)), 5, 1);
    expect(draw.teams).toHaveLength(2);
    expect(draw.benched).toHaveLength(6);
  });

  it('benches the players who sat out least when the pool does not divide into full teams', () => {
    const players = pool([1500, 1500, 1500, 1500, 1500, 1500, 1500]).map((p, i) => ({
      ...p,
      roundsBenched: i === 6 ? 0 : 1,
    }));
    expect(drawShuffleTeams(players, 3, 'round 4').benched).toEqual(['p7']);
  });

  it('draws the same teams from the same seed and different teams of new players from another', () => {
    const players = pool(Array(10).fill(1500));
    expect(drawShuffleTeams(players, 5, 'cup:1')).toEqual(drawShuffleTeams(players, 5, 'cup:1'));
    expect(drawShuffleTeams(players, 5, 'cup:1')).not.toEqual(drawShuffleTeams(players, 5, 'cup:2'));
  });

  it('refuses a pool too small for two teams, a bad team size and a player registered twice', () => {
    expect(() => drawShuffleTeams(pool([1500, 1500, 1500]), 2, 1)).toThrow(/at least 4 players/);
    expect(() => drawShuffleTeams(pool([1500, 1500]), 0, 1)).toThrow(/Team size/);
    expect(() => drawShuffleTeams([...pool([1, 2, 3]), { id: 'p1', rating: 4 }], 2, 1)).toThrow(/twice/);
  });

  it('puts every player in exactly one team or on the bench, never worse balanced than a snake draft', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 800, max: 2600 }), { minLength: 2, maxLength: 80 }),
        fc.integer({ min: 1, max: 5 }),
        fc.nat(),
        (ratings, teamSize, seed) => {
          fc.pre(ratings.length >= 2 * teamSize);
          const players = pool(ratings);
          const draw = drawShuffleTeams(players, teamSize, seed);
          const fullTeams = Math.floor(ratings.length / teamSize);
          const teamCount = fullTeams - (fullTeams % 2);
          expect(draw.teams).toHaveLength(teamCount);
          expect(draw.teams.every((team) => team.length === teamSize)).toBe(true);
          expect(draw.benched).toHaveLength(ratings.length - teamCount * teamSize);
          const placed = [...draw.teams.flat(), ...draw.benched];
          expect(new Set(placed).size).toBe(ratings.length);
          if (draw.benched.length === 0) {
            expect(spread(draw, players)).toBeLessThanOrEqual(snakeSpread(players, teamSize));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('spreads sitting out: over many rounds the counts of rounds sat out never differ by more than one', () => {
    const players = pool(Array.from({ length: 13 }, (_, i) => 1200 + 50 * i));
    const benchedCount = new Map(players.map((p) => [p.id, 0]));
    for (let round = 1; round <= 20; round++) {
      const draw = drawShuffleTeams(
        players.map((p) => ({ ...p, roundsBenched: benchedCount.get(p.id)! })),
        5,
        `cup:${round}`,
      );
      for (const id of draw.benched) {
        benchedCount.set(id, benchedCount.get(id)! + 1);
      }
      const counts = [...benchedCount.values()];
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    }
  });

  it('draws 640 players into 128 teams of 5 quickly and evenly', () => {
    const players = pool(Array.from({ length: 640 }, (_, i) => 900 + ((i * 7919) % 1700)));
    const started = performance.now();
    const draw = drawShuffleTeams(players, 5, 'big');
    expect(performance.now() - started).toBeLessThan(1000);
    // Team sums are near 8750: within 10 of each other.
    expect(spread(draw, players)).toBeLessThanOrEqual(10);
  });
});

describe('shuffle player leaderboard', () => {
  const players = pool([1500, 1600, 1550, 1450, 1500, 1500]);

  it('credits each player with their team results; ties broken by round difference, rating, id', () => {
    const rows = playerLeaderboard(players, [
      { team1: ['p1', 'p2'], team2: ['p3', 'p4'], winner: 'team1', team1Rounds: 13, team2Rounds: 7 },
      { team1: ['p5', 'p6'], team2: ['p4', 'p3'], winner: 'team1', team1Rounds: 13, team2Rounds: 9 },
      { team1: ['p1', 'p3'], team2: ['p2', 'p5'], winner: null, team1Rounds: 12, team2Rounds: 12 },
      { team1: ['p4', 'p6'], team2: ['p2', 'p3'], winner: 'team2', team1Rounds: 10, team2Rounds: 13 },
    ]);
    expect(
      rows.map((r) => [r.rank, r.playerId, r.wins, r.losses, r.draws, r.roundDifference, r.played]),
    ).toEqual([
      [1, 'p2', 2, 0, 1, 9, 3],
      [2, 'p1', 1, 0, 1, 6, 2],
      [3, 'p5', 1, 0, 1, 4, 2],
      [4, 'p6', 1, 1, 0, 1, 2],
      [5, 'p3', 1, 2, 1, -7, 4],
      [6, 'p4', 0, 3, 0, -13, 3],
    ]);
  });

  it('names an unknown player in a result', () => {
    expect(() =>
      playerLeaderboard(players, [
        { team1: ['p1'], team2: ['x'], winner: 'team1', team1Rounds: 13, team2Rounds: 2 },
      ]),
    ).toThrow(/unknown player "x"/);
  });
});
