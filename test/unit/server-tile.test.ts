import { describe, expect, it } from 'vitest';
import {
  phaseStartedAt,
  playersPresent,
  tileState,
  type TileInput,
} from '../../shared/domain/server-tile.js';

const base: TileInput = {
  enabled: true,
  blocked: false,
  failing: false,
  match: { status: 'live', phase: 'live' },
  present: 10,
  expected: 10,
  urgentItems: 0,
  otherItems: 0,
};

describe('a server tile', () => {
  it('is calm while its match plays with everyone there', () => {
    expect(tileState(base)).toEqual({ phase: 'live', level: 'ok' });
    expect(tileState({ ...base, match: null })).toEqual({ phase: 'idle', level: 'ok' });
  });

  it('warns of a pause, missing players, a blocked server or a queue item', () => {
    expect(tileState({ ...base, match: { status: 'live', phase: 'paused' } }).level).toBe('warn');
    expect(tileState({ ...base, match: { status: 'loaded', phase: null }, present: 7 })).toEqual({
      phase: 'warmup',
      level: 'warn',
    });
    expect(tileState({ ...base, match: null, blocked: true })).toEqual({ phase: 'blocked', level: 'warn' });
    expect(tileState({ ...base, otherItems: 1 }).level).toBe('warn');
  });

  it('alerts on a failing server or an urgent item (a call, a decision)', () => {
    expect(tileState({ ...base, failing: true }).level).toBe('alert');
    expect(tileState({ ...base, urgentItems: 1, otherItems: 2 }).level).toBe('alert');
  });

  it('counts connected players who are not spectators, a side not yet known included', () => {
    expect(
      playersPresent({
        a: { slot: 'team1', connected: true },
        b: { slot: 'team2', connected: true },
        c: { slot: 'team2', connected: false },
        d: { slot: 'spectator', connected: true },
        e: { slot: 'unknown', connected: true },
      }),
    ).toBe(3);
  });

  it('times the phase from its last phase event, else from the load', () => {
    const events = [
      { event: 'going_live', receivedAt: 100 },
      { event: 'round_end', receivedAt: 150 },
      { event: 'match_paused', receivedAt: 200 },
      { event: 'round_end', receivedAt: 250 },
    ];
    expect(phaseStartedAt(events, 50)).toBe(200);
    expect(phaseStartedAt([{ event: 'player_connect', receivedAt: 80 }], 50)).toBe(50);
    expect(phaseStartedAt([], null)).toBeNull();
  });
});
