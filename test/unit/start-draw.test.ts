import { describe, expect, it } from 'vitest';
import { drawDigest, drawStart, type DrawPairing } from '../../shared/domain/start-draw.js';

const teams = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const pairs = (round: DrawPairing[]) => round.map((p) => [p.group, p.team1, p.team2]);

describe('drawStart (issue 31)', () => {
  it('single elimination: inner-outer pairs over the power of two, the best seeds get the byes', () => {
    const draw = drawStart({ type: 'single_elimination', teamIds: teams(6), seeding: 'manual' });
    expect(draw.seeds).toEqual(teams(6));
    expect(draw.groups).toEqual([]);
    expect(pairs(draw.firstRound)).toEqual([
      [null, 't1', null],
      [null, 't4', 't5'],
      [null, 't2', null],
      [null, 't3', 't6'],
    ]);
  });

  it('double elimination: the upper bracket opens like single elimination', () => {
    const draw = drawStart({ type: 'double_elimination', teamIds: teams(8), seeding: 'manual' });
    expect(pairs(draw.firstRound)).toEqual([
      [null, 't1', 't8'],
      [null, 't4', 't5'],
      [null, 't2', 't7'],
      [null, 't3', 't6'],
    ]);
  });

  it('Swiss: top half against bottom half, the last seed of an odd field has the bye', () => {
    const draw = drawStart({ type: 'swiss', teamIds: teams(5), seeding: 'manual' });
    expect(pairs(draw.firstRound)).toEqual([
      [null, 't1', 't3'],
      [null, 't2', 't4'],
      [null, 't5', null],
    ]);
  });

  it('round robin: every team once in round 1; with an odd field one team sits out', () => {
    const even = drawStart({ type: 'round_robin', teamIds: teams(4), seeding: 'manual' });
    expect(even.firstRound.every((p) => p.team2 !== null)).toBe(true);
    expect(even.firstRound.flatMap((p) => [p.team1, p.team2]).sort()).toEqual(teams(4));
    const odd = drawStart({ type: 'round_robin', teamIds: teams(5), seeding: 'manual' });
    expect(odd.firstRound.filter((p) => p.team2 === null)).toHaveLength(1);
    expect(
      odd.firstRound
        .flatMap((p) => [p.team1, p.team2])
        .filter(Boolean)
        .sort(),
    ).toEqual(teams(5));
  });

  it('groups then playoffs: snake-dealt groups in seed order, round 1 inside each group', () => {
    const draw = drawStart({
      type: 'groups_playoffs',
      teamIds: teams(8),
      seeding: 'manual',
      groupStage: { type: 'round_robin', groupCount: 2 },
    });
    expect(draw.groups).toEqual([
      { name: 'A', teamIds: ['t1', 't4', 't5', 't8'] },
      { name: 'B', teamIds: ['t2', 't3', 't6', 't7'] },
    ]);
    for (const g of draw.groups) {
      const own = draw.firstRound.filter((p) => p.group === g.name);
      expect(own.flatMap((p) => [p.team1, p.team2]).sort()).toEqual([...g.teamIds].sort());
    }
    const swiss = drawStart({
      type: 'groups_playoffs',
      teamIds: teams(8),
      seeding: 'manual',
      groupStage: { type: 'swiss', groupCount: 2 },
    });
    // Swiss groups pair by the seeds of the whole draw: 1 v 5 in group A (seeds 1, 4, 5, 8).
    expect(pairs(swiss.firstRound.filter((p) => p.group === 'A'))).toEqual([
      ['A', 't1', 't5'],
      ['A', 't4', 't8'],
    ]);
    expect(() => drawStart({ type: 'groups_playoffs', teamIds: teams(8), seeding: 'manual' })).toThrow();
  });

  it('random seeding: the same seed draws the same; another seed (almost always) another', () => {
    const at = (randomSeed: number) =>
      drawStart({ type: 'single_elimination', teamIds: teams(8), seeding: 'random', randomSeed });
    expect(at(42)).toEqual(at(42));
    expect(drawDigest(at(42))).toBe(drawDigest(at(42)));
    expect(at(42).seeds).not.toEqual(at(43).seeds);
    expect(drawDigest(at(42))).not.toBe(drawDigest(at(43)));
    expect(() => drawStart({ type: 'swiss', teamIds: teams(4), seeding: 'random' })).toThrow(/seed/);
  });

  it('rating seeding: strongest first; a changed field changes the digest', () => {
    const rating = (id: string) => Number(id.slice(1));
    const draw = drawStart({ type: 'swiss', teamIds: teams(4), seeding: 'rating', teamRating: rating });
    expect(draw.seeds).toEqual(['t4', 't3', 't2', 't1']);
    const fewer = drawStart({ type: 'swiss', teamIds: teams(3), seeding: 'rating', teamRating: rating });
    expect(drawDigest(fewer)).not.toBe(drawDigest(draw));
    expect(drawDigest(draw)).toMatch(/^[0-9a-f]{8}$/);
    // Single and double elimination open alike; the digest still tells them apart.
    const single = drawStart({ type: 'single_elimination', teamIds: teams(8), seeding: 'manual' });
    const double = drawStart({ type: 'double_elimination', teamIds: teams(8), seeding: 'manual' });
    expect(single.firstRound).toEqual(double.firstRound);
    expect(drawDigest(single)).not.toBe(drawDigest(double));
  });

  it('shuffle: teams are drawn from the player pool round by round, so no pairing is known', () => {
    expect(drawStart({ type: 'shuffle', teamIds: [], seeding: 'manual' }).firstRound).toEqual([]);
  });
});
