import { describe, expect, it } from 'vitest';
import {
  defaultGroupSwissRounds,
  groupSizes,
  groupStageProblems,
  groupStandings,
  playoffSeats,
  rankStagedEntrants,
  seatTeams,
  snakeGroups,
  type StagedEntrant,
} from '../../shared/domain/group-stage.js';
import type { SwissResult } from '../../shared/domain/swiss.js';

const seeds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const win = (team1: string, team2: string, r1 = 13, r2 = 5): SwissResult => ({
  team1,
  team2,
  winner: r1 > r2 ? team1 : team2,
  team1Rounds: r1,
  team2Rounds: r2,
});

describe('snake groups (decision 26)', () => {
  it('deals seeds 1..G to A..G, then G+1..2G back from G to A', () => {
    expect(snakeGroups(seeds(8), 2)).toEqual([
      [1, 4, 5, 8],
      [2, 3, 6, 7],
    ]);
    expect(snakeGroups(seeds(12), 3)).toEqual([
      [1, 6, 7, 12],
      [2, 5, 8, 11],
      [3, 4, 9, 10],
    ]);
  });

  it('makes groups whose sizes differ by at most one, every team once', () => {
    for (const [teams, count] of [
      [10, 3],
      [17, 4],
      [64, 8],
      [5, 2],
    ] as const) {
      const groups = snakeGroups(seeds(teams), count);
      const sizes = groups.map((g) => g.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(groups.flat().sort((a, b) => a - b)).toEqual(seeds(teams));
      expect(groupSizes(teams, count)).toEqual(sizes);
    }
  });

  it('defaults Swiss group rounds to ceil(log2(largest group))', () => {
    expect(defaultGroupSwissRounds(16, 2)).toBe(3);
    expect(defaultGroupSwissRounds(16, 4)).toBe(2);
    expect(defaultGroupSwissRounds(18, 4)).toBe(3);
    expect(defaultGroupSwissRounds(0, 4)).toBe(1);
  });
});

describe('group stage checks (decision 24)', () => {
  it('refuses more groups than pairs of teams, an advance count not below the smallest group, and fewer than 2 advancing', () => {
    expect(groupStageProblems({ groupCount: 4, advancePerGroup: 1 }, 8)).toEqual([]);
    expect(groupStageProblems({ groupCount: 5, advancePerGroup: 1 }, 8).map((p) => p.path)).toEqual([
      'stages.0.groupCount',
    ]);
    // 10 teams in 3 groups: 4, 3, 3; 3 advancing would empty the small groups.
    expect(groupStageProblems({ groupCount: 3, advancePerGroup: 3 }, 10)).toEqual([
      { path: 'stages.0.advancePerGroup', message: expect.stringContaining('smallest group (3 teams)') },
    ]);
    expect(groupStageProblems({ groupCount: 1, advancePerGroup: 1 }, 0).map((p) => p.path)).toEqual([
      'stages.0.advancePerGroup',
    ]);
    // Teams not chosen yet: only the advancing count.
    expect(groupStageProblems({ groupCount: 16, advancePerGroup: 8 }, 0)).toEqual([]);
  });
});

describe('group standings (decision 27)', () => {
  const teams = ['a', 'b', 'c', 'd'].map((id, i) => ({ id, seed: i + 1 }));

  it('ranks by wins, losses, then wins among the tied teams in round robin', () => {
    // a, b, c each 2-1 in a cycle; d beats nobody. Among a, b, c each has one win: round difference decides.
    const results = [
      win('a', 'b', 13, 11),
      win('b', 'c', 13, 3),
      win('c', 'a', 13, 10),
      win('a', 'd'),
      win('b', 'd'),
      win('c', 'd'),
    ];
    expect(groupStandings('round_robin', teams, results).map((s) => s.teamId)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('lets the head-to-head win beat a better round difference in round robin, not in Swiss', () => {
    const five = [...teams, { id: 'e', seed: 5 }];
    // a and b are 2-1; a beat b narrowly, b crushed the others.
    const results = [
      win('a', 'b', 13, 12),
      win('c', 'a', 13, 11),
      win('a', 'e', 13, 11),
      win('b', 'c', 13, 0),
      win('b', 'd', 13, 0),
      win('d', 'e', 13, 11),
    ];
    expect(
      groupStandings('round_robin', five, results)
        .slice(0, 2)
        .map((s) => s.teamId),
    ).toEqual(['a', 'b']);
    // Swiss: Buchholz (a's opponents b 2, c 1, e 0 = 3; b's a 2, c 1, d 1 = 4) puts b first.
    expect(
      groupStandings('swiss', five, results)
        .slice(0, 2)
        .map((s) => s.teamId),
    ).toEqual(['b', 'a']);
  });

  it('counts a bye as a win and a draw as neither; equal on everything, the better seed first', () => {
    const results: SwissResult[] = [
      { team1: 'd', team2: null, winner: 'd', team1Rounds: 0, team2Rounds: 0 },
      { team1: 'b', team2: 'c', winner: null, team1Rounds: 12, team2Rounds: 12 },
    ];
    const rows = groupStandings('swiss', teams, results);
    expect(rows.map((s) => [s.teamId, s.wins, s.draws, s.byes, s.rank])).toEqual([
      ['d', 1, 0, 1, 1],
      ['a', 0, 0, 0, 2],
      ['b', 0, 1, 0, 3],
      ['c', 0, 1, 0, 4],
    ]);
  });
});

describe('playoff seats (decision 28)', () => {
  it('seeds place 1 of every group, then place 2, keeping group-mates apart in the first round', () => {
    expect(playoffSeats(2, 2)).toEqual(['Group A #1', 'Group B #1', 'Group A #2', 'Group B #2']);
    expect(playoffSeats(4, 2)).toEqual([
      'Group A #1',
      'Group B #1',
      'Group C #1',
      'Group D #1',
      'Group A #2',
      'Group B #2',
      'Group C #2',
      'Group D #2',
    ]);
  });

  it('rotates a tier by one group when a first match would pair group-mates', () => {
    // 3 groups x 2 in a bracket of 8: seed 3 (C #1) meets seed 6, which unrotated is C #2.
    expect(playoffSeats(3, 2)).toEqual([
      'Group A #1',
      'Group B #1',
      'Group C #1',
      'Group B #2',
      'Group C #2',
      'Group A #2',
    ]);
    // 1 group x 2: A #1 v A #2 cannot be avoided; the order stays.
    expect(playoffSeats(1, 2)).toEqual(['Group A #1', 'Group A #2']);
  });

  /** First-round matches (byes left out) of group-mates. */
  function clashes(seats: readonly string[]): number {
    const size = 2 ** Math.ceil(Math.log2(seats.length));
    const group = (seat: string) => seat.split(' ')[1];
    let count = 0;
    for (let seed = 1; seed <= size / 2; seed++) {
      const other = seats[size - seed];
      if (other !== undefined && group(seats[seed - 1]!) === group(other)) {
        count++;
      }
    }
    return count;
  }

  it('keeps group-mates apart in the first round with up to 2 advancing per group, and never adds a clash', () => {
    for (let groups = 2; groups <= 16; groups++) {
      for (let advance = 1; advance <= 4; advance++) {
        const seats = playoffSeats(groups, advance);
        expect(new Set(seats).size).toBe(groups * advance);
        const unrotated = Array.from({ length: advance }, (_, p) =>
          Array.from({ length: groups }, (_, g) => `Group ${String.fromCharCode(65 + g)} #${p + 1}`),
        ).flat();
        expect(clashes(seats), `${groups}x${advance}`).toBeLessThanOrEqual(clashes(unrotated));
        if (advance <= 2) {
          expect(clashes(seats), `${groups}x${advance}`).toBe(0);
        }
      }
    }
    // 3 groups x 4: no rotation of the last tier clears it (decision 28 keeps the fewest).
    expect(clashes(playoffSeats(3, 4))).toBe(1);
  });

  it('names the team of each seat from the groups ranked by place', () => {
    expect(
      seatTeams(
        [
          ['a1', 'a2', 'a3'],
          ['b1', 'b2', 'b3'],
        ],
        2,
      ),
    ).toEqual({ 'Group A #1': 'a1', 'Group A #2': 'a2', 'Group B #1': 'b1', 'Group B #2': 'b2' });
  });
});

describe('the final ranking of a two-stage tournament (decision 30)', () => {
  const entrant = (teamId: string, over: Partial<StagedEntrant>): StagedEntrant => ({
    teamId,
    groupPlace: 1,
    wins: 0,
    qualified: true,
    champion: false,
    lastPlayoff: null,
    ...over,
  });

  it('ranks the champion, the final loser, then by the playoff round fallen in, then the others by group place and wins', () => {
    const ranks = rankStagedEntrants([
      entrant('out-3rd-few', { qualified: false, groupPlace: 3, wins: 1 }),
      entrant('semi-1', { lastPlayoff: { roundOrder: 1, won: false } }),
      entrant('runner-up', { lastPlayoff: { roundOrder: 3, won: false } }),
      entrant('out-3rd-many', { qualified: false, groupPlace: 3, wins: 2 }),
      entrant('champ', { champion: true, lastPlayoff: { roundOrder: 3, won: true } }),
      entrant('semi-2', { lastPlayoff: { roundOrder: 1, won: false } }),
      entrant('out-4th', { qualified: false, groupPlace: 4, wins: 3 }),
      entrant('out-3rd-also', { qualified: false, groupPlace: 3, wins: 2 }),
    ]);
    expect(Object.fromEntries(ranks)).toEqual({
      champ: 1,
      'runner-up': 2,
      'semi-1': 3,
      'semi-2': 3,
      'out-3rd-many': 5,
      'out-3rd-also': 5,
      'out-3rd-few': 7,
      'out-4th': 8,
    });
  });

  it('puts the winner of a third place match before its loser', () => {
    const ranks = rankStagedEntrants([
      entrant('fourth', { lastPlayoff: { roundOrder: 2, won: false } }),
      entrant('third', { lastPlayoff: { roundOrder: 2, won: true } }),
    ]);
    expect([ranks.get('third'), ranks.get('fourth')]).toEqual([1, 2]);
  });
});
