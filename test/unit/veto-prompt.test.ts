import { describe, expect, it } from 'vitest';
import type { VetoBoard } from '../../shared/contracts/veto.js';
import { newerBoard, playerSide, vetoPrompt } from '../../shared/domain/veto-prompt.js';

const POOL = ['de_ancient', 'de_dust2', 'de_mirage'];

function board(overrides: Partial<VetoBoard> = {}): VetoBoard {
  return {
    matchSlug: 'm',
    format: 'bo3',
    status: 'in_progress',
    team1: { id: 'alpha', name: 'Alpha', tag: '' },
    team2: { id: 'bravo', name: 'Bravo', tag: '' },
    version: 1,
    step: 1,
    totalSteps: 9,
    currentTeam: 'team2',
    currentAction: 'ban',
    starter: 'team1',
    starterRule: 'team1',
    coinToss: null,
    mapAdvantage: null,
    pool: POOL.map((map) => ({ map, state: 'available', by: null })),
    history: [],
    maps: [],
    ...overrides,
  };
}

const entry = (action: 'ban' | 'pick' | 'side', map: string) => ({
  step: 0,
  team: 'team1' as const,
  teamName: 'Alpha',
  action,
  actionName: action,
  map,
  side: null,
  by: 'x',
  at: 0,
});

describe('the veto board prompt', () => {
  it('tells the team on turn what to do, and everyone else whom they wait for', () => {
    const bravoBans = { kind: 'turn', action: 'ban', teamName: 'Bravo', sideMap: null };
    expect(vetoPrompt(board(), 'team2')).toEqual({ myTurn: true, ...bravoBans });
    expect(vetoPrompt(board(), 'team1')).toEqual({ myTurn: false, ...bravoBans });
    expect(vetoPrompt(board(), null)).toEqual({ myTurn: false, ...bravoBans });
  });

  it('names the map of a side choice: the one just picked, else the last one left', () => {
    const afterPick = board({ currentAction: 'side', history: [entry('pick', 'de_mirage')] });
    expect(vetoPrompt(afterPick, 'team2')).toMatchObject({
      myTurn: true,
      action: 'side',
      sideMap: 'de_mirage',
    });
    const afterBans = board({
      currentAction: 'side',
      history: [entry('ban', 'de_ancient'), entry('ban', 'de_mirage')],
      pool: [
        { map: 'de_ancient', state: 'banned', by: 'team1' },
        { map: 'de_dust2', state: 'available', by: null },
        { map: 'de_mirage', state: 'banned', by: 'team1' },
      ],
    });
    expect(vetoPrompt(afterBans, 'team1')).toMatchObject({
      myTurn: false,
      teamName: 'Bravo',
      action: 'side',
      sideMap: 'de_dust2',
    });
  });

  it('says when the veto is over or cannot start yet', () => {
    expect(vetoPrompt(board({ status: 'completed', currentTeam: null }), 'team1')).toEqual({
      myTurn: false,
      kind: 'done',
    });
    expect(vetoPrompt(board({ status: 'skipped' }), 'team1')).toEqual({ myTurn: false, kind: 'skipped' });
    expect(vetoPrompt(board({ status: 'pending', currentTeam: null }), 'team1')).toEqual({
      myTurn: false,
      kind: 'notStarted',
    });
  });

  it('finds the player’s side among all their teams, the one on turn when on both', () => {
    expect(playerSide(board(), ['other-tournament-team', 'bravo'])).toBe('team2');
    expect(playerSide(board(), ['charlie'])).toBeNull();
    expect(playerSide(board(), [])).toBeNull();
    expect(playerSide(board({ currentTeam: 'team2' }), ['alpha', 'bravo'])).toBe('team2');
    expect(playerSide(board({ currentTeam: 'team1' }), ['alpha', 'bravo'])).toBe('team1');
    expect(playerSide(board({ status: 'completed', currentTeam: null }), ['bravo', 'alpha'])).toBe('team1');
  });

  it('never lets an older board replace a newer one of the same match', () => {
    const v1 = board({ version: 1 });
    const v2 = board({ version: 2 });
    expect(newerBoard(null, v1)).toBe(v1);
    expect(newerBoard(v1, v2)).toBe(v2);
    expect(newerBoard(v2, v1)).toBe(v2);
    const sameVersion = board({ version: 2, status: 'pending' });
    expect(newerBoard(v2, sameVersion)).toBe(sameVersion);
    const otherMatch = board({ matchSlug: 'other', version: 0 });
    expect(newerBoard(v2, otherMatch)).toBe(otherMatch);
  });
});
