import { describe, expect, it } from 'vitest';
import { decisionWithoutMaps, type DecisionFacts } from '../../shared/domain/match-display.js';

const completed: DecisionFacts = {
  status: 'completed',
  displayStatus: 'Completed',
  winnerId: 'b',
  team1: { id: 'a' },
  team2: { id: 'b' },
  maps: [],
  forfeit: null,
};

describe('how a completed match without maps was decided', () => {
  it('a winner set by the organiser: decided, with the winning side', () => {
    expect(decisionWithoutMaps(completed)).toEqual({ kind: 'decided', winner: 'team2' });
  });

  it('a forfeit for a missed check-in: names the absent teams', () => {
    const missed = (teamIds: string[]) => ({ teamIds, reason: 'no_check_in' as const });
    expect(decisionWithoutMaps({ ...completed, winnerId: 'a', forfeit: missed(['b']) })).toEqual({
      kind: 'forfeit',
      winner: 'team1',
      absentTeamIds: ['b'],
      reason: 'no_check_in',
    });
    expect(decisionWithoutMaps({ ...completed, winnerId: null, forfeit: missed(['a', 'b']) })).toEqual({
      kind: 'forfeit',
      winner: null,
      absentTeamIds: ['a', 'b'],
      reason: 'no_check_in',
    });
  });

  it('a forfeit or a withdrawal: says which', () => {
    const withdrawn = { teamIds: ['b'], reason: 'withdrawn' as const };
    expect(decisionWithoutMaps({ ...completed, winnerId: 'a', forfeit: withdrawn })).toMatchObject({
      kind: 'forfeit',
      reason: 'withdrawn',
    });
  });

  it('a bye: the team that had no opponent', () => {
    expect(decisionWithoutMaps({ ...completed, displayStatus: 'BYE', winnerId: 'a', team2: null })).toEqual({
      kind: 'bye',
      winner: 'team1',
    });
  });

  it('nothing once a map was played, or before the match is completed', () => {
    expect(decisionWithoutMaps({ ...completed, maps: [{ number: 0 }] })).toBeNull();
    expect(decisionWithoutMaps({ ...completed, status: 'live', displayStatus: 'Live' })).toBeNull();
  });
});
