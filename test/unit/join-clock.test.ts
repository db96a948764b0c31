import { describe, expect, it } from 'vitest';
import {
  deadlineFrom,
  joinRuleOf,
  noShowMessage,
  noShowVerdict,
  presentCounts,
} from '../../shared/domain/join-clock.js';

describe('the join clock rules (API.md decision 59)', () => {
  it('takes the stage setting first, then the tournament, then 10 minutes and admin', () => {
    expect(joinRuleOf(undefined)).toEqual({ joinMinutes: 10, noShowAction: 'admin' });
    expect(joinRuleOf({ joinMinutes: 5 })).toEqual({ joinMinutes: 5, noShowAction: 'admin' });
    expect(
      joinRuleOf({ joinMinutes: 5, noShowAction: 'admin' }, { noShowAction: 'walkover', joinMinutes: 0 }),
    ).toEqual({
      joinMinutes: 0,
      noShowAction: 'walkover',
    });
  });

  it('has no deadline with 0 minutes', () => {
    expect(deadlineFrom(1000, 0)).toBeNull();
    expect(deadlineFrom(1000, 3)).toBe(1180);
  });

  it('counts only connected roster players of each side', () => {
    const players = {
      a: { connected: true },
      b: { connected: false },
      c: { connected: true },
      x: { connected: true },
    };
    expect(presentCounts(players, ['a', 'b'], ['c', 'd'])).toEqual({ team1: 1, team2: 1 });
  });

  it('forfeits the one short side in walkover mode, asks the organiser otherwise', () => {
    expect(noShowVerdict({ team1: 5, team2: 5 }, 5, 'walkover')).toEqual({ kind: 'none' });
    expect(noShowVerdict({ team1: 5, team2: 4 }, 5, 'walkover')).toEqual({ kind: 'forfeit', side: 'team2' });
    expect(noShowVerdict({ team1: 3, team2: 4 }, 5, 'walkover')).toEqual({
      kind: 'attention',
      short: ['team1', 'team2'],
    });
    expect(noShowVerdict({ team1: 5, team2: 0 }, 5, 'admin')).toEqual({
      kind: 'attention',
      short: ['team2'],
    });
    expect(noShowMessage('Final', [{ name: 'Blue', present: 0 }], 5)).toBe(
      'Final: the join clock ran out with Blue (0/5 present). Forfeit, hold or wait.',
    );
  });
});
