import { describe, expect, it } from 'vitest';
import type { Match } from '../../shared/contracts/matches.js';
import { paperFromParam, playOrder } from '../../renderer/src/features/print/paper.js';

/** The fields the match-call sheet orders by; the rest of a Match plays no part. */
function match(slug: string, over: Partial<Match> = {}): Match {
  return {
    slug,
    status: 'pending',
    displayStatus: 'Waiting for a server',
    winnerId: null,
    eta: null,
    queuePosition: null,
    stage: null,
    round: 1,
    matchNumber: 1,
    ...over,
  } as Match;
}

const eta = (startsAt: number) => ({ startsAt, minutes: 0, basis: 'default' as const, position: 1 });

describe('playOrder', () => {
  it('puts the matches being played first, then those with an ETA, then by queue place, then by stage, round and number', () => {
    const ordered = playOrder([
      match('later-round', { round: 2 }),
      match('playoffs', { stage: 'playoffs' }),
      match('groups-2', { stage: 'groups', matchNumber: 2 }),
      match('eta-late', { eta: eta(2_000), status: 'ready' }),
      match('eta-early', { eta: eta(1_000) }),
      match('live', { status: 'live' }),
      match('queued', { queuePosition: 3 }),
    ]);
    expect(ordered.map((m) => m.slug)).toEqual([
      'live',
      'eta-early',
      'eta-late',
      'queued',
      'groups-2',
      'later-round',
      'playoffs',
    ]);
  });

  it('leaves out finished and cancelled matches and byes', () => {
    const ordered = playOrder([
      match('done', { status: 'completed', winnerId: 't1' }),
      match('walkover', { winnerId: 't2' }),
      match('bye', { displayStatus: 'BYE' }),
      match('cancelled', { status: 'cancelled' }),
      match('open'),
    ]);
    expect(ordered.map((m) => m.slug)).toEqual(['open']);
  });
});

describe('paperFromParam', () => {
  it('is A3 only when asked for, A4 otherwise', () => {
    expect(paperFromParam('a3')).toBe('a3');
    expect(paperFromParam('A3')).toBe('a4');
    expect(paperFromParam(null)).toBe('a4');
    expect(paperFromParam('letter')).toBe('a4');
  });
});
