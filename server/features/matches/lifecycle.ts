import { invalidState } from '../../errors.js';
import {
  ACTION_NAMES,
  lifecycleState,
  STATE_NAMES,
  storedAs,
  transition,
  type LifecycleState,
  type MatchAction,
} from '../../../shared/domain/match-lifecycle.js';
import type { MatchRecord } from './repo.js';

/**
 * The match after `action`, with status and phase set by the lifecycle table; a forbidden action is a
 * 422 INVALID_STATE naming the state and the action. Every service change of a status goes through it.
 */
export function moveMatch<M extends Pick<MatchRecord, 'status' | 'phase'>>(match: M, action: MatchAction): M {
  const state = lifecycleState(match);
  const result = transition(state, action);
  if (!result.ok) {
    throw invalidState(STATE_NAMES[state], ACTION_NAMES[action]);
  }
  return { ...match, ...storedAs(result.next, match.phase) };
}

/** Throws the 422 of `moveMatch` when `action` is not allowed now; changes nothing. */
export function assertAllowed(match: Pick<MatchRecord, 'status' | 'phase'>, action: MatchAction): void {
  moveMatch(match, action);
}

/** The lifecycle state `action` leads to (the 422 of `moveMatch` when not allowed); changes nothing. */
export function stateAfter(
  match: Pick<MatchRecord, 'status' | 'phase'>,
  action: MatchAction,
): LifecycleState {
  return lifecycleState(moveMatch(match, action));
}
