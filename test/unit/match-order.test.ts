import { describe, expect, it } from 'vitest';
import type { DisplayStatus, MatchStatus } from '../../shared/contracts/matches.js';
import { playOrder, rowState, type OrderFacts } from '../../shared/domain/match-order.js';

const TEAM = { id: 't' };
const DISPLAY: Record<MatchStatus, DisplayStatus> = {
  pending: 'Veto pending',
  ready: 'Waiting for a server',
  loaded: 'Loaded',
  live: 'Live',
  needs_decision: 'NEEDS ADMIN DECISION',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

function match(slug: string, status: MatchStatus, facts: Partial<OrderFacts> = {}): OrderFacts {
  return {
    slug,
    status,
    displayStatus: DISPLAY[status],
    phase: status === 'live' ? 'live' : null,
    tournamentId: 1,
    round: 1,
    matchNumber: 1,
    label: slug,
    queuePosition: null,
    createdAt: 0,
    loadedAt: null,
    completedAt: null,
    serverId: null,
    team1: TEAM,
    team2: TEAM,
    ...facts,
  };
}

describe('the admin match list in play order', () => {
  it('queue first (as the allocator takes it), then on a server, upcoming by round, completed last', () => {
    const list = [
      match('done-r1', 'completed', { round: 1 }),
      match('upcoming-r3', 'pending', { round: 3 }),
      match('queued-2nd', 'ready', { queuePosition: 5, round: 2 }),
      match('loaded', 'loaded', { loadedAt: 50 }),
      match('upcoming-r2', 'pending', { round: 2 }),
      match('manual', 'ready', { tournamentId: null, createdAt: 9 }),
      match('live', 'live', { loadedAt: 10 }),
      match('queued-1st', 'ready', { queuePosition: 2, round: 2 }),
      match('decide', 'needs_decision'),
      match('cancelled', 'cancelled', { round: 2 }),
      match('unpaired', 'ready', { team2: null, round: 4 }),
    ];
    expect(playOrder(list).map((m) => m.slug)).toEqual([
      'manual',
      'queued-1st',
      'queued-2nd',
      'live',
      'loaded',
      'decide',
      'upcoming-r2',
      'upcoming-r3',
      'unpaired',
      'done-r1',
      'cancelled',
    ]);
  });

  it('names each row state', () => {
    expect(rowState(match('a', 'ready'), 1)).toEqual({ kind: 'queued', position: 2 });
    expect(rowState(match('a', 'ready'))).toEqual({ kind: 'display', status: 'Waiting for a server' });
    expect(rowState(match('a', 'live', { phase: 'halftime' }))).toEqual({
      kind: 'livePhase',
      phase: 'halftime',
    });
    expect(rowState(match('a', 'live', { phase: 'live' }))).toEqual({ kind: 'live' });
    expect(rowState(match('a', 'live', { phase: 'paused' }))).toEqual({ kind: 'paused' });
    expect(rowState(match('a', 'loaded'))).toEqual({ kind: 'loaded' });
    expect(rowState(match('a', 'needs_decision'))).toEqual({ kind: 'needsDecision' });
    expect(rowState(match('a', 'pending'))).toEqual({ kind: 'display', status: 'Veto pending' });
  });
});
