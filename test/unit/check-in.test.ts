import { describe, expect, it } from 'vitest';
import {
  checkInRefusal,
  checkInState,
  dueForfeit,
  teamsAtStart,
  type ForfeitCandidate,
} from '../../shared/domain/check-in.js';
import { DEFAULT_CHECK_IN } from '../../shared/contracts/tournament.js';
import { swissStandings } from '../../shared/domain/swiss.js';

const on = { ...DEFAULT_CHECK_IN, required: true, opensAt: 100, deadline: 200 };

describe('check-in rules', () => {
  it('is off unless required, not open before opensAt, closed after the deadline or the start', () => {
    expect(checkInState(DEFAULT_CHECK_IN, 'setup', 150)).toBe('off');
    expect(checkInState(on, 'setup', 99)).toBe('not_open');
    expect(checkInState(on, 'setup', 100)).toBe('open');
    expect(checkInState(on, 'setup', 200)).toBe('open');
    expect(checkInState(on, 'setup', 201)).toBe('closed');
    expect(checkInState(on, 'in_progress', 150)).toBe('closed');
    expect(checkInState({ ...on, opensAt: null, deadline: null }, 'setup', 0)).toBe('open');
  });

  it('lets an admin act at any time in setup, a player only while open', () => {
    expect(checkInRefusal(on, 'setup', 50, 'admin')).toBeNull();
    expect(checkInRefusal(on, 'setup', 500, 'admin')).toBeNull();
    expect(checkInRefusal(on, 'setup', 50, 'player')?.code).toBe('CHECK_IN_NOT_OPEN');
    expect(checkInRefusal(on, 'setup', 500, 'player')?.code).toBe('CHECK_IN_CLOSED');
    expect(checkInRefusal(on, 'setup', 150, 'player')).toBeNull();
    expect(checkInRefusal(on, 'in_progress', 150, 'admin')?.code).toBe('CHECK_IN_CLOSED');
    expect(checkInRefusal(DEFAULT_CHECK_IN, 'setup', 150, 'admin')?.code).toBe('CHECK_IN_NOT_REQUIRED');
  });

  it('drops the teams not checked in only with missing: "drop", keeping their order', () => {
    const checked = new Set(['b', 'd']);
    expect(teamsAtStart(on, ['a', 'b', 'c', 'd'], checked)).toEqual({
      drawn: ['b', 'd'],
      dropped: ['a', 'c'],
    });
    expect(teamsAtStart({ ...on, missing: 'forfeit' }, ['a', 'b'], checked)).toEqual({
      drawn: ['a', 'b'],
      dropped: [],
    });
    expect(teamsAtStart(DEFAULT_CHECK_IN, ['a', 'b'], new Set())).toEqual({ drawn: ['a', 'b'], dropped: [] });
  });

  it('forfeits only the first match with both teams known of an absent team', () => {
    const m = (
      slug: string,
      playOrder: number,
      team1Id: string | null,
      team2Id: string | null,
      over: Partial<ForfeitCandidate> = {},
    ): ForfeitCandidate => ({
      slug,
      stage: 'main',
      status: 'pending',
      team1Id,
      team2Id,
      isBye: false,
      playOrder,
      ...over,
    });
    const noDraws = () => false;
    // x sat out a bye, so its first real match is r2.
    const list = [
      m('r1-bye', 1, 'x', null, { isBye: true, status: 'completed' }),
      m('r1', 2, 'a', 'b'),
      m('r2', 3, 'x', 'a'),
    ];
    expect(dueForfeit(list, new Set(['x']), noDraws)).toEqual({
      slug: 'r2',
      winner: 'team2',
      teamIds: ['x'],
    });
    expect(dueForfeit([m('r1', 1, 'a', 'b'), m('r2', 2, 'a', 'c')], new Set(['a']), noDraws)).toEqual({
      slug: 'r1',
      winner: 'team2',
      teamIds: ['a'],
    });
    // Its later matches are played normally.
    expect(
      dueForfeit(
        [m('r1', 1, 'a', 'b', { status: 'completed' }), m('r2', 2, 'a', 'c')],
        new Set(['a']),
        noDraws,
      ),
    ).toBeNull();
    expect(dueForfeit([m('r1', 1, 'a', 'b')], new Set(['a', 'b']), noDraws)).toMatchObject({
      winner: 'team1',
      teamIds: ['a', 'b'],
    });
    expect(
      dueForfeit([m('g1', 1, 'a', 'b', { stage: 'groups' })], new Set(['a', 'b']), (s) => s === 'groups'),
    ).toMatchObject({ winner: null });
  });

  it('counts a forfeit of two absent teams as a loss for each', () => {
    const rows = swissStandings(
      [
        { id: 'a', seed: 1 },
        { id: 'b', seed: 2 },
      ],
      [{ team1: 'a', team2: 'b', winner: null, team1Rounds: 0, team2Rounds: 0, bothLose: true }],
    );
    expect(rows.map((r) => [r.teamId, r.wins, r.losses, r.draws])).toEqual([
      ['a', 0, 1, 0],
      ['b', 0, 1, 0],
    ]);
  });
});
