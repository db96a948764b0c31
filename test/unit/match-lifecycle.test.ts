import { describe, expect, it } from 'vitest';
import {
  lifecycleState,
  MATCH_ACTIONS,
  MATCH_LIFECYCLE,
  storedAs,
  transition,
  waitingForNextMap,
  type LifecycleState,
} from '../../shared/domain/match-lifecycle.js';

const STATES: LifecycleState[] = [
  'pending',
  'ready',
  'loaded',
  'live',
  'paused',
  'completed',
  'cancelled',
  'needs_decision',
];

describe('the match lifecycle table', () => {
  it.each([
    ['pending', 'veto_complete', 'ready'],
    ['pending', 'skip_veto', 'ready'],
    ['ready', 'load', 'loaded'],
    ['loaded', 'load_failed', 'ready'],
    ['loaded', 'go_live', 'live'],
    ['loaded', 'end_warmup', 'live'],
    ['live', 'pause', 'paused'],
    ['paused', 'unpause', 'live'],
    ['live', 'series_end', 'completed'],
    ['live', 'end_match', 'completed'],
    ['loaded', 'series_level', 'needs_decision'],
    ['needs_decision', 'decide_winner', 'completed'],
    ['live', 'decide_winner', 'completed'],
    ['loaded', 'reallocate', 'loaded'],
    ['live', 'restart', 'loaded'],
    ['pending', 'restart', 'pending'],
    ['ready', 'restart', 'ready'],
    ['needs_decision', 'restart', 'ready'],
    ['paused', 'force_cancel', 'cancelled'],
    ['paused', 'restart_round', 'paused'],
    ['live', 'broadcast', 'live'],
  ] as const)('%s + %s -> %s', (state, action, next) => {
    const result = transition(state, action);
    expect(result.ok && result.next).toBe(next);
  });

  it.each([
    ['live', 'reallocate'],
    ['paused', 'pause'],
    ['live', 'unpause'],
    ['completed', 'decide_winner'],
    ['cancelled', 'force_cancel'],
    ['pending', 'end_match'],
    ['ready', 'restart_round'],
    ['completed', 'restart'],
    ['live', 'skip_veto'],
  ] as const)('refuses %s + %s, naming both', (state, action) => {
    const result = transition(state, action);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^Cannot .+ while the match is .+\.$/);
  });

  it('nothing leaves cancelled; only a result correction touches a completed match (API.md 37-38)', () => {
    const onCompleted = new Set(['correct_result', 'correction_reset']);
    for (const action of MATCH_ACTIONS) {
      expect(transition('completed', action).ok).toBe(onCompleted.has(action));
      expect(transition('cancelled', action).ok).toBe(false);
    }
    expect(transition('completed', 'correct_result')).toMatchObject({ ok: true, next: 'completed' });
    expect(transition('completed', 'correction_reset')).toMatchObject({ ok: true, next: 'pending' });
    expect(transition('ready', 'teams_changed')).toMatchObject({ ok: true, next: 'pending' });
    expect(transition('live', 'teams_changed').ok).toBe(false);
  });

  it('every action has a row and no state has two rows for one action (the table is a function)', () => {
    for (const action of MATCH_ACTIONS) {
      expect(MATCH_LIFECYCLE.some((r) => r.action === action)).toBe(true);
      for (const state of STATES) {
        expect(
          MATCH_LIFECYCLE.filter((r) => r.action === action && r.from.includes(state)).length,
        ).toBeLessThan(2);
      }
    }
  });

  it('Restart and Force cancel work from every state a match can still be in (the spec: Any)', () => {
    for (const state of STATES.filter((s) => s !== 'completed' && s !== 'cancelled')) {
      expect(transition(state, 'restart').ok, state).toBe(true);
      expect(transition(state, 'force_cancel').ok, state).toBe(true);
    }
  });

  it('a paused match is stored as live with phase paused, and back', () => {
    expect(lifecycleState({ status: 'live', phase: 'paused' })).toBe('paused');
    expect(lifecycleState({ status: 'live', phase: 'halftime' })).toBe('live');
    expect(storedAs('paused', 'halftime')).toEqual({ status: 'live', phase: 'paused' });
    expect(storedAs('live', 'paused')).toEqual({ status: 'live', phase: 'live' });
    expect(storedAs('live', 'overtime')).toEqual({ status: 'live', phase: 'overtime' });
    expect(storedAs('completed', 'live')).toEqual({ status: 'completed', phase: null });
  });
});

describe('a series waiting for its next map', () => {
  const bo3 = { status: 'live' as const, phase: null, format: 'bo3' as const };
  it('is a live series between maps with maps left and no winner yet', () => {
    expect(waitingForNextMap({ ...bo3, team1SeriesScore: 1, team2SeriesScore: 0 })).toBe(true);
    expect(waitingForNextMap({ ...bo3, team1SeriesScore: 1, team2SeriesScore: 1 })).toBe(true);
  });
  it('is not a map in play, a decided series, a bo1 or a match not yet live', () => {
    expect(waitingForNextMap({ ...bo3, phase: 'live', team1SeriesScore: 1, team2SeriesScore: 0 })).toBe(
      false,
    );
    expect(waitingForNextMap({ ...bo3, team1SeriesScore: 2, team2SeriesScore: 0 })).toBe(false);
    expect(waitingForNextMap({ ...bo3, format: 'bo1', team1SeriesScore: 1, team2SeriesScore: 0 })).toBe(
      false,
    );
    expect(waitingForNextMap({ ...bo3, status: 'loaded', team1SeriesScore: 0, team2SeriesScore: 0 })).toBe(
      false,
    );
  });
});
