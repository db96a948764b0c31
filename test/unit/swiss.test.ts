import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pairFirstRound,
  pairNextRound,
  swissStandings,
  type SwissPairing,
  type SwissResult,
  type SwissTeam,
} from '../../shared/domain/swiss.js';

const teamsOf = (n: number): SwissTeam[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String.fromCharCode(65 + (i % 26)) + (i >= 26 ? i : ''),
    seed: i + 1,
  }));

const win = (team1: string, team2: string, r1: number, r2: number): SwissResult => ({
  team1,
  team2,
  winner: r1 > r2 ? team1 : team2,
  team1Rounds: r1,
  team2Rounds: r2,
});
const draw = (team1: string, team2: string, rounds: number): SwissResult => ({
  team1,
  team2,
  winner: null,
  team1Rounds: rounds,
  team2Rounds: rounds,
});
const bye = (team1: string): SwissResult => ({
  team1,
  team2: null,
  winner: team1,
  team1Rounds: 0,
  team2Rounds: 0,
});

describe('a 7-team Swiss run with byes and a draw (checked by hand)', () => {
  const teams = teamsOf(7); // A..G, seeds 1..7

  it('pairs round 1 top half against bottom half with the bye to the lowest seed', () => {
    expect(pairFirstRound(teams)).toEqual([
      { team1: 'A', team2: 'D' },
      { team1: 'B', team2: 'E' },
      { team1: 'C', team2: 'F' },
      { team1: 'G', team2: null },
    ]);
  });

  const round1 = [win('A', 'D', 13, 5), win('B', 'E', 10, 13), draw('C', 'F', 12), bye('G')];

  it('ranks after round 1 by wins, losses, Buchholz, round difference, seed', () => {
    expect(swissStandings(teams, round1).map((s) => s.teamId)).toEqual(['A', 'E', 'G', 'C', 'F', 'B', 'D']);
  });

  it('pairs round 2 from the standings, bye to the lowest team without one', () => {
    expect(pairNextRound(teams, round1)).toEqual([
      { team1: 'A', team2: 'E' },
      { team1: 'G', team2: 'C' },
      { team1: 'F', team2: 'B' },
      { team1: 'D', team2: null },
    ]);
  });

  const round2 = [win('A', 'E', 13, 11), win('G', 'C', 9, 13), win('F', 'B', 13, 4), bye('D')];

  it('has the standings and Buchholz values computed by hand after round 2', () => {
    const rows = swissStandings(teams, [...round1, ...round2]).map(
      ({ teamId, wins, losses, draws, byes, buchholz, roundDifference, rank }) =>
        [teamId, wins, losses, draws, byes, buchholz, roundDifference, rank].join(' '),
    );
    expect(rows).toEqual([
      'A 2 0 0 0 2 10 1',
      'C 1 0 1 0 2 4 2',
      'F 1 0 1 0 1 9 3',
      'E 1 1 0 0 2 1 4',
      'D 1 1 0 1 2 -8 5',
      'G 1 1 0 1 1 -4 6',
      'B 0 2 0 0 2 -12 7',
    ]);
  });

  it('pairs round 3 without rematches and gives the bye to a team that has none', () => {
    expect(pairNextRound(teams, [...round1, ...round2])).toEqual([
      { team1: 'A', team2: 'C' },
      { team1: 'F', team2: 'E' },
      { team1: 'D', team2: 'G' },
      { team1: 'B', team2: null },
    ]);
  });
});

/** Every pairing of `ids` (brute force, small n only). */
function* allPairings(ids: string[]): Generator<[string, string][]> {
  if (ids.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = ids;
  for (let i = 0; i < rest.length; i++) {
    const others = rest.filter((_, j) => j !== i);
    for (const tail of allPairings(others)) {
      yield [[first!, rest[i]!], ...tail];
    }
  }
}

function rematchFreeExists(teams: SwissTeam[], results: SwissResult[]): boolean {
  const played = new Set(results.filter((r) => r.team2).map((r) => [r.team1, r.team2].sort().join('|')));
  const byes = new Map(teams.map((t) => [t.id, results.filter((r) => r.team1 === t.id && !r.team2).length]));
  const fewest = Math.min(...byes.values());
  const byeChoices =
    teams.length % 2 === 0 ? [null] : teams.filter((t) => byes.get(t.id) === fewest).map((t) => t.id);
  return byeChoices.some((b) => {
    const ids = teams.map((t) => t.id).filter((id) => id !== b);
    for (const pairing of allPairings(ids)) {
      if (pairing.every(([a, c]) => !played.has([a, c].sort().join('|')))) {
        return true;
      }
    }
    return false;
  });
}

function isRematchFree(pairings: SwissPairing[], results: SwissResult[]): boolean {
  const played = new Set(results.filter((r) => r.team2).map((r) => [r.team1, r.team2].sort().join('|')));
  return pairings.every((p) => p.team2 === null || !played.has([p.team1, p.team2].sort().join('|')));
}

interface Outcome {
  winnerSide: number; // 0 team1, 1 team2, 2 draw
  loserRounds: number;
}

const outcomes = fc.array(fc.record({ winnerSide: fc.nat(9), loserRounds: fc.nat(11) }), {
  minLength: 1000,
  maxLength: 1000,
});

function play(pairings: SwissPairing[], random: Outcome[], cursor: { at: number }): SwissResult[] {
  return pairings.map((p) => {
    if (p.team2 === null) {
      return bye(p.team1);
    }
    const o = random[cursor.at++ % random.length]!;
    if (o.winnerSide === 9) {
      return draw(p.team1, p.team2, 12);
    }
    return o.winnerSide % 2 === 0
      ? win(p.team1, p.team2, 13, o.loserRounds)
      : win(p.team1, p.team2, o.loserRounds, 13);
  });
}

describe('Swiss properties (random results)', () => {
  it('every team plays exactly once a round; nobody gets a second bye while another has none', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 130 }),
        fc.integer({ min: 1, max: 9 }),
        outcomes,
        (n, rounds, random) => {
          const teams = teamsOf(n);
          const results: SwissResult[] = [];
          const cursor = { at: 0 };
          for (let r = 0; r < rounds; r++) {
            const pairings = r === 0 ? pairFirstRound(teams) : pairNextRound(teams, results);
            const seen = pairings.flatMap((p) => (p.team2 ? [p.team1, p.team2] : [p.team1]));
            expect(new Set(seen).size).toBe(n);
            expect(seen).toHaveLength(n);
            const byeTeams = pairings.filter((p) => p.team2 === null).map((p) => p.team1);
            expect(byeTeams).toHaveLength(n % 2);
            const byesBefore = new Map(swissStandings(teams, results).map((s) => [s.teamId, s.byes]));
            for (const id of byeTeams) {
              expect(byesBefore.get(id)).toBe(Math.min(...byesBefore.values()));
            }
            results.push(...play(pairings, random, cursor));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never repeats a pairing when a rematch-free pairing exists (brute force, n <= 10)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }),
        fc.integer({ min: 2, max: 8 }),
        outcomes,
        (n, rounds, random) => {
          const teams = teamsOf(n);
          const results: SwissResult[] = [];
          const cursor = { at: 0 };
          results.push(...play(pairFirstRound(teams), random, cursor));
          for (let r = 1; r < rounds; r++) {
            const pairings = pairNextRound(teams, results);
            if (rematchFreeExists(teams, results)) {
              expect(isRematchFree(pairings, results)).toBe(true);
            }
            results.push(...play(pairings, random, cursor));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('pairs teams with equal records when the records allow it (first team meets its closest record)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 64 }), outcomes, (n, random) => {
        const teams = teamsOf(n);
        const cursor = { at: 0 };
        const results = play(pairFirstRound(teams), random, cursor);
        const standings = swissStandings(teams, results);
        const top = standings[0]!;
        const pairing = pairNextRound(teams, results).find(
          (p) => p.team1 === top.teamId || p.team2 === top.teamId,
        )!;
        const opponent = pairing.team1 === top.teamId ? pairing.team2 : pairing.team1;
        if (opponent !== null) {
          const sameRecord = standings.filter(
            (s) => s.teamId !== top.teamId && s.wins === top.wins && s.draws === top.draws,
          );
          const opponentRow = standings.find((s) => s.teamId === opponent)!;
          if (sameRecord.length > 1) {
            expect(opponentRow.wins).toBe(top.wins);
          }
        }
      }),
      { numRuns: 50 },
    );
  });
});
