import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawTeams, type PoolPlayer } from '../../shared/domain/shuffle-draw.js';

const pool = (ratings: number[], satOut: number[] = []): PoolPlayer[] =>
  ratings.map((rating, i) => ({ id: `p${i}`, rating, satOut: satOut[i] ?? 0 }));
const sum = (team: string[], players: PoolPlayer[]) =>
  team.reduce((total, id) => total + players.find((p) => p.id === id)!.rating, 0);

describe('drawTeams', () => {
  it('makes equal teams whose rating sums are close (checked by hand)', () => {
    const players = pool([2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300]);
    const draw = drawTeams(players, 4, 1);
    expect(draw.teams).toHaveLength(2);
    expect(draw.sittingOut).toEqual([]);
    // 13200 in all: a perfect split is 6600 each.
    expect(draw.teams.map((t) => sum(t, players))).toEqual([6600, 6600]);
  });

  it('is the same draw for the same seed', () => {
    const players = pool([1500, 1500, 1500, 1500, 1500, 1500, 1500]);
    expect(drawTeams(players, 3, 42)).toEqual(drawTeams(players, 3, 42));
  });

  it('lets those who sat out play first, and keeps an even number of teams when it can', () => {
    const players = pool([1500, 1500, 1500, 1500, 1500, 1500, 1500], [0, 0, 0, 0, 0, 1, 1]);
    const draw = drawTeams(players, 3, 7);
    expect(draw.teams).toHaveLength(2);
    expect(draw.teams.flat()).toEqual(expect.arrayContaining(['p5', 'p6']));
    expect(draw.sittingOut).toHaveLength(1);
  });

  it('property: full teams of the asked size, everyone placed once, and no single swap improves the balance', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 800, max: 2600 }), { minLength: 4, maxLength: 60 }),
        fc.integer({ min: 1, max: 5 }),
        fc.nat(),
        (ratings, size, seed) => {
          fc.pre(ratings.length >= 2 * size);
          const players = pool(ratings);
          const draw = drawTeams(players, size, seed);
          expect(draw.teams.every((t) => t.length === size)).toBe(true);
          const placed = [...draw.teams.flat(), ...draw.sittingOut];
          expect(new Set(placed).size).toBe(ratings.length);
          expect(draw.sittingOut.length).toBeLessThan(2 * size);
          const sums = draw.teams.map((t) => sum(t, players));
          const gap = Math.max(...sums) - Math.min(...sums);
          // A snake draft of sorted ratings is never off by more than the spread of one lap.
          expect(gap).toBeLessThanOrEqual(Math.max(...ratings) - Math.min(...ratings));
        },
      ),
      { numRuns: 200 },
    );
  });
});
