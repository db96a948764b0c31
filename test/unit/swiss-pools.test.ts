import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { swissStandings, type SwissResult, type SwissTeam } from '../../shared/domain/swiss.js';
import {
  isDeciderMatch,
  pairingFormat,
  pairRecordPools,
  recordPools,
  recordText,
  swissRoundsFor,
  swissState,
  thresholdProblems,
  thresholdRounds,
  type SwissThresholds,
} from '../../shared/domain/swiss-pools.js';
import { swissRoundPools } from '../../shared/domain/swiss-round-pools.js';

const teamsOf = (n: number): SwissTeam[] =>
  Array.from({ length: n }, (_, i) => ({ id: `T${String(i + 1).padStart(2, '0')}`, seed: i + 1 }));

const VALVE: SwissThresholds = { advanceAt: 3, eliminateAt: 3 };

/**
 * Plays a thresholds Swiss to the end: `winnerOf` decides each pairing. Returns every round's
 * pairings with the records the teams had when paired, and the results.
 */
function play(
  teams: readonly SwissTeam[],
  thresholds: SwissThresholds,
  winnerOf: (a: string, b: string, round: number) => string,
) {
  const results: SwissResult[] = [];
  const rounds: { pairs: { team1: string; team2: string | null }[]; records: Map<string, string> }[] = [];
  for (let round = 1; round <= thresholdRounds(thresholds) + 1; round++) {
    const pairs = pairRecordPools(teams, results, thresholds);
    if (pairs.length === 0) {
      break;
    }
    const records = new Map(swissStandings(teams, results).map((s) => [s.teamId, recordText(s)]));
    rounds.push({ pairs, records });
    for (const p of pairs) {
      const winner = p.team2 === null ? p.team1 : winnerOf(p.team1, p.team2, round);
      results.push({ team1: p.team1, team2: p.team2, winner, team1Rounds: 13, team2Rounds: 13 });
    }
  }
  const standings = swissStandings(teams, results);
  return { rounds, results, standings, states: standings.map((s) => swissState(s, thresholds)) };
}

const bySeed = (a: string, b: string) => (a < b ? a : b);

describe('a 16-team Swiss at 3 wins / 3 losses', () => {
  it('decides every team in 5 rounds: 8 advance and 8 are out, in the pools Valve plays', () => {
    const { rounds, states, standings } = play(teamsOf(16), VALVE, bySeed);
    expect(rounds.map((r) => r.pairs.length)).toEqual([8, 8, 8, 6, 3]);
    expect(states.filter((s) => s === 'advanced')).toHaveLength(8);
    expect(states.filter((s) => s === 'eliminated')).toHaveLength(8);
    expect(recordPools(standings).map((p) => [p.record, p.rows.length])).toEqual([
      ['3-0', 2],
      ['3-1', 3],
      ['3-2', 3],
      ['2-3', 3],
      ['1-3', 3],
      ['0-3', 2],
    ]);
  });

  it('pairs 1 v 9 in round 1 and the highest against the lowest of a pool after it', () => {
    const { rounds } = play(teamsOf(16), VALVE, bySeed);
    expect(rounds[0]!.pairs[0]).toEqual({ team1: 'T01', team2: 'T09' });
    // Round 2, 1-0 pool: T01..T08 by Buchholz (all 0) then seed: T01 v T08.
    expect(rounds[1]!.pairs[0]).toEqual({ team1: 'T01', team2: 'T08' });
  });

  it('whatever wins, every team is decided in 5 rounds, nobody meets twice, pools rarely cross', () => {
    let crossed = 0;
    let pairs = 0;
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (coins) => {
        let flip = 0;
        const { rounds, states, results } = play(teamsOf(16), VALVE, (a, b) => (coins[flip++] ? a : b));
        expect(rounds.length).toBeLessThanOrEqual(5);
        expect(states).not.toContain('playing');
        for (const round of rounds) {
          for (const p of round.pairs) {
            pairs++;
            crossed += round.records.get(p.team2!) === round.records.get(p.team1) ? 0 : 1;
          }
        }
        const met = results.map((r) => [r.team1, r.team2].sort().join());
        expect(new Set(met).size).toBe(met.length);
      }),
      { numRuns: 60 },
    );
    // A pool crosses only when it cannot pair without a rematch (rare, as Valve's own rules note).
    expect(crossed / pairs).toBeLessThan(0.02);
  });

  it('plays the decider format exactly when a team can advance or go out', () => {
    const { rounds } = play(teamsOf(16), VALVE, bySeed);
    const formats = rounds.map(({ pairs, records }) =>
      pairs.map((p) => {
        const rec = (id: string) => {
          const [wins, losses] = records.get(id)!.split('-').map(Number);
          return { wins: wins!, losses: losses! };
        };
        return pairingFormat(rec(p.team1), rec(p.team2!), VALVE, 'bo1', 'bo3');
      }),
    );
    expect(formats[0]!.every((f) => f === 'bo1')).toBe(true);
    expect(formats[1]!.every((f) => f === 'bo1')).toBe(true);
    // Round 3: the 2-0 and 0-2 pools decide (bo3), the 1-1 pool does not.
    expect(formats[2]!.filter((f) => f === 'bo3')).toHaveLength(4);
    expect(formats[3]!.every((f) => f === 'bo3')).toBe(true);
    expect(formats[4]!.every((f) => f === 'bo3')).toBe(true);
  });
});

describe('thresholds Swiss details', () => {
  it('gives an odd count a bye and floats an odd pool down', () => {
    const { rounds, states } = play(teamsOf(7), { advanceAt: 2, eliminateAt: 2 }, bySeed);
    expect(rounds[0]!.pairs.at(-1)).toEqual({ team1: 'T07', team2: null });
    expect(states).not.toContain('playing');
  });

  it('states, records and decider checks', () => {
    expect(swissState({ wins: 3, losses: 2 }, VALVE)).toBe('advanced');
    expect(swissState({ wins: 1, losses: 3 }, VALVE)).toBe('eliminated');
    expect(swissState({ wins: 2, losses: 2 }, VALVE)).toBe('playing');
    expect(swissState({ wins: 9, losses: 0 }, null)).toBe('playing');
    expect(recordText({ wins: 2, losses: 1 })).toBe('2-1');
    expect(recordText({ wins: 1, losses: 1, draws: 1 })).toBe('1-1-1');
    expect(isDeciderMatch({ wins: 1, losses: 1 }, { wins: 1, losses: 1 }, VALVE)).toBe(false);
    expect(isDeciderMatch({ wins: 2, losses: 0 }, { wins: 2, losses: 0 }, VALVE)).toBe(true);
    expect(pairingFormat({ wins: 2, losses: 2 }, null, VALVE, 'bo1', 'bo3')).toBe('bo1');
    expect(pairingFormat({ wins: 2, losses: 2 }, { wins: 2, losses: 2 }, null, 'bo1', 'bo3')).toBe('bo1');
    expect(swissRoundsFor({ advanceAt: 3, eliminateAt: 3, swissRounds: 2 }, 4)).toBe(5);
    expect(swissRoundsFor({ swissRounds: 2 }, 4)).toBe(2);
    expect(swissRoundsFor({}, 4)).toBe(4);
  });

  it('names each bad setting', () => {
    expect(thresholdProblems({ advanceAt: 3 }, 'settings', false)).toEqual([
      expect.objectContaining({ path: 'settings.eliminateAt' }),
    ]);
    expect(thresholdProblems({ deciderFormat: 'bo3' }, 'stages.0', false)[0]!.path).toBe(
      'stages.0.deciderFormat',
    );
    const both = thresholdProblems({ advanceAt: 3, eliminateAt: 3, swissRounds: 5 }, 'settings', true);
    expect(both.map((p) => p.path)).toEqual(['settings.swissRounds', 'settings.overtimeMode']);
    expect(
      thresholdProblems({ advanceAt: 3, eliminateAt: 3, deciderFormat: 'bo3' }, 'settings', false),
    ).toEqual([]);
  });
});

describe('record pools of each round, as the bracket draws them', () => {
  it('puts each match in the pool its teams were paired in and counts the slots not paired yet', () => {
    const m = (round: number, team1Id: string | null, team2Id: string | null, winnerId: string | null) => ({
      round,
      team1Id,
      team2Id,
      winnerId,
      decided: winnerId !== null,
    });
    const rounds = swissRoundPools([
      m(1, 'A', 'C', 'A'),
      m(1, 'B', 'D', 'D'),
      m(2, 'A', 'D', null),
      m(2, 'B', 'C', null),
      m(3, null, null, null),
      m(3, null, null, null),
    ]);
    expect(
      rounds.map((r) => [r.round, r.pools.map((p) => [p.record, p.matches.length]), r.unpaired]),
    ).toEqual([
      [1, [['0-0', 2]], 0],
      [
        2,
        [
          ['1-0', 1],
          ['0-1', 1],
        ],
        0,
      ],
      [3, [], 2],
    ]);
  });
});
