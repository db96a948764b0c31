import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  displayRating,
  newPlayerRating,
  rateDecidedSeries,
  ratingFromPoints,
  ratingsBeforeRun,
  teamStrength,
  type PlayerRating,
  type RatedSeries,
} from '../../shared/domain/ratings.js';

const roster = (prefix: string, size = 5) =>
  Array.from({ length: size }, (_, i) => newPlayerRating(`${prefix}${i + 1}`));

const series = (
  team1: PlayerRating[],
  team2: PlayerRating[],
  winner: RatedSeries['winner'],
): RatedSeries => ({
  team1,
  team2,
  winner,
  matchLabel: 'UB R1 M1',
  tournamentName: 'Winter LAN',
});

const shown = (ratings: readonly PlayerRating[]) => ratings.map((r) => displayRating(r.skill));

describe('player ratings per decided series', () => {
  it('shows 1500 for a new player; a hand-set rating shows as set', () => {
    expect(displayRating(newPlayerRating('p').skill)).toBe(1500);
    expect(displayRating(ratingFromPoints(1730))).toBe(1730);
  });

  it('moves winners up and losers down by the same amount between equal new teams', () => {
    const { ratings } = rateDecidedSeries(series(roster('a'), roster('b'), 'team1'));
    const points = shown(ratings);
    const gain = points[0]! - 1500;
    expect(gain).toBeGreaterThan(50);
    expect(points).toEqual([...Array(5).fill(1500 + gain), ...Array(5).fill(1500 - gain)]);
  });

  it('keeps equal teams level on a draw and makes them more certain', () => {
    const { ratings } = rateDecidedSeries(series(roster('a'), roster('b'), null));
    expect(shown(ratings)).toEqual(Array(10).fill(1500));
    expect(ratings[0]!.skill.sigma).toBeLessThan(newPlayerRating('p').skill.sigma);
  });

  it('is team-aware: an upset moves ratings more than the expected result', () => {
    const strong = roster('s').map((p) => ({ ...p, skill: ratingFromPoints(1800) }));
    const weak = roster('w').map((p) => ({ ...p, skill: ratingFromPoints(1300) }));
    const expected = rateDecidedSeries(series(strong, weak, 'team1'));
    const upset = rateDecidedSeries(series(strong, weak, 'team2'));
    const moved = (u: typeof expected) => Math.abs(u.history[0]!.after - u.history[0]!.before);
    expect(moved(upset)).toBeGreaterThan(moved(expected));
  });

  it('writes one history entry per player with before, after, match label and tournament name', () => {
    const team1 = roster('a', 2);
    const { history } = rateDecidedSeries(series(team1, roster('b', 2), 'team2'));
    expect(history.map((h) => [h.playerId, h.before, h.after > h.before])).toEqual([
      ['a1', 1500, false],
      ['a2', 1500, false],
      ['b1', 1500, true],
      ['b2', 1500, true],
    ]);
    expect(history[0]).toMatchObject({
      matchLabel: 'UB R1 M1',
      tournamentName: 'Winter LAN',
      skillBefore: team1[0]!.skill,
    });
  });

  it('leaves out a player on both rosters and rates nobody when a side is left empty', () => {
    const shared = newPlayerRating('both');
    const { ratings } = rateDecidedSeries(
      series([shared, ...roster('a', 2)], [shared, ...roster('b', 2)], 'team1'),
    );
    expect(ratings.map((r) => r.playerId)).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(rateDecidedSeries(series([shared], [shared, ...roster('b', 2)], 'team1'))).toEqual({
      ratings: [],
      history: [],
    });
    expect(rateDecidedSeries(series([], roster('b'), 'team1')).ratings).toEqual([]);
  });

  it('does not change its input', () => {
    const team1 = roster('a');
    const copy = structuredClone(team1);
    rateDecidedSeries(series(team1, roster('b'), 'team1'));
    expect(team1).toEqual(copy);
  });

  it('a reset restores the rating each player held before their first series of the run, exactly', () => {
    let a = roster('a', 3);
    a[2] = { ...a[2]!, skill: ratingFromPoints(1642) };
    const before = structuredClone(a);
    let b = roster('b', 3);
    const run = [];
    for (const winner of ['team1', 'team2', null, 'team1'] as const) {
      const update = rateDecidedSeries(series(a, b, winner));
      run.push(...update.history);
      a = update.ratings.slice(0, 3);
      b = update.ratings.slice(3);
    }
    const restored = new Map(ratingsBeforeRun(run).map((r) => [r.playerId, r.skill]));
    expect(restored.size).toBe(6);
    for (const p of before) {
      expect(restored.get(p.playerId)).toEqual(p.skill);
    }
  });

  it('team strength for seeding is the mean displayed rating, 1500 for an empty roster', () => {
    expect(teamStrength([1400, 1600, 1800])).toBe(1600);
    expect(teamStrength([])).toBe(1500);
  });

  it('never lowers a winner nor raises a loser (random rosters and ratings)', () => {
    const player = fc.record({
      mu: fc.double({ min: 10, max: 40, noNaN: true }),
      sigma: fc.double({ min: 0.5, max: 8.4, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(player, { minLength: 1, maxLength: 5 }),
        fc.array(player, { minLength: 1, maxLength: 5 }),
        (skills1, skills2) => {
          const team1 = skills1.map((skill, i) => ({ playerId: `a${i}`, skill }));
          const team2 = skills2.map((skill, i) => ({ playerId: `b${i}`, skill }));
          const { ratings } = rateDecidedSeries(series(team1, team2, 'team1'));
          ratings.forEach((r, i) => {
            const before = i < team1.length ? team1[i]! : team2[i - team1.length]!;
            const change = r.skill.mu - before.skill.mu;
            expect(i < team1.length ? change >= 0 : change <= 0).toBe(true);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
