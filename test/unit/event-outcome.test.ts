import { describe, expect, it } from 'vitest';
import { parseEventOutcome } from '../../shared/domain/event-outcome.js';

describe('parseEventOutcome', () => {
  it('reads every outcome the plugin-events feature stores', () => {
    expect(parseEventOutcome('applied')).toEqual({ kind: 'applied' });
    expect(parseEventOutcome('ignored: changes nothing')).toEqual({
      kind: 'ignored',
      reason: { kind: 'changesNothing' },
    });
    expect(parseEventOutcome('ignored: no match loaded')).toEqual({
      kind: 'ignored',
      reason: { kind: 'noMatchLoaded' },
    });
    expect(parseEventOutcome('unmatched: no server "lan-9" is registered')).toEqual({
      kind: 'unmatched',
      reason: { kind: 'noServer', server: 'lan-9' },
    });
    expect(parseEventOutcome('unmatched: no match has matchid 17')).toEqual({
      kind: 'unmatched',
      reason: { kind: 'noMatchid', matchid: '17' },
    });
    expect(parseEventOutcome('ignored: match r1-m1 is not assigned to lan-2')).toEqual({
      kind: 'ignored',
      reason: { kind: 'notAssigned', match: 'r1-m1', server: 'lan-2' },
    });
    expect(parseEventOutcome('ignored: player_say does not change a match')).toEqual({
      kind: 'ignored',
      reason: { kind: 'eventChangesNothing', event: 'player_say' },
    });
    expect(parseEventOutcome('ignored: a retry of the pause of 1712, already applied')).toEqual({
      kind: 'ignored',
      reason: { kind: 'retriedPause', pauseTime: '1712' },
    });
  });

  it('keeps an error message and an unknown reason as they are', () => {
    expect(parseEventOutcome('failed: round 3 before round 2')).toEqual({
      kind: 'failed',
      error: 'round 3 before round 2',
    });
    expect(parseEventOutcome('ignored: something new')).toEqual({
      kind: 'ignored',
      reason: { kind: 'text', text: 'something new' },
    });
    expect(parseEventOutcome('queued')).toEqual({ kind: 'text', text: 'queued' });
  });
});
