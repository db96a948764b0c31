import { describe, expect, it } from 'vitest';
import { defaultLineup, effectiveLineup, lineupProblem, swappedLineup } from '../../shared/domain/lineup.js';

const roster = [
  { platformId: 'a', name: 'A' },
  { platformId: 'c', name: 'Coach', role: 'coach' as const },
  { platformId: 'b', name: 'B' },
  { platformId: 's', name: 'Sub' },
];

describe('lineups (decision 62)', () => {
  it('defaults to the first team-size players, never the coach', () => {
    expect(defaultLineup(roster, 2)).toEqual(['a', 'b']);
    expect(defaultLineup(roster, 5)).toEqual(['a', 'b', 's']);
  });

  it('keeps a stored choice while its players are still on the roster', () => {
    expect(effectiveLineup(roster, 2, ['s', 'a'])).toEqual(['s', 'a']);
    expect(effectiveLineup(roster, 2, ['gone', 'a'])).toEqual(['a', 'b']);
    expect(effectiveLineup(roster, 2, null)).toEqual(['a', 'b']);
  });

  it('names what is wrong with a choice', () => {
    expect(lineupProblem(roster, 2, ['a', 'b'])).toBeNull();
    expect(lineupProblem(roster, 2, ['a'])?.code).toBe('LINEUP_WRONG_SIZE');
    expect(lineupProblem(roster, 2, ['a', 'x'])?.code).toBe('LINEUP_NOT_ON_ROSTER');
    expect(lineupProblem(roster, 2, ['a', 'c'])?.code).toBe('LINEUP_COACH');
    expect(lineupProblem(roster, 2, ['a', 'a'])?.code).toBe('LINEUP_DUPLICATE');
    // A roster shorter than the team size lists everyone it has.
    expect(lineupProblem(roster, 5, ['a', 'b', 's'])).toBeNull();
  });

  it('swaps one player for another in his place', () => {
    expect(swappedLineup(roster, ['a', 'b'], 'a', 's')).toEqual({ lineup: ['s', 'b'] });
    expect(swappedLineup(roster, ['a', 'b'], 's', 'a')).toMatchObject({ code: 'LINEUP_NOT_ON_ROSTER' });
    expect(swappedLineup(roster, ['a', 'b'], 'a', 'b')).toMatchObject({ code: 'LINEUP_DUPLICATE' });
    expect(swappedLineup(roster, ['a', 'b'], 'a', 'c')).toMatchObject({ code: 'LINEUP_COACH' });
  });
});
