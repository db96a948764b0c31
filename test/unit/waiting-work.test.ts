import { describe, expect, it } from 'vitest';
import { STUCK_LOAD_S, stuckLoads, waitingWork } from '../../shared/domain/waiting-work.js';

const match = (slug: string, displayStatus: string) => ({ slug, displayStatus });
const server = (id: string, free: boolean) => ({ id, availability: { free } });

describe('waitingWork', () => {
  it('lists the matches waiting for their veto', () => {
    const work = waitingWork(
      [match('a', 'Veto pending'), match('b', 'Live'), match('c', 'Veto pending')],
      [server('s1', false)],
    );
    expect(work.vetoPending).toEqual(['a', 'c']);
  });

  it('names free servers as idle while matches queue for a server', () => {
    const work = waitingWork(
      [match('a', 'Waiting for a server'), match('b', 'Waiting for a server'), match('c', 'Live')],
      [server('s1', true), server('s2', false)],
    );
    expect(work).toEqual({ vetoPending: [], idleServers: ['s1'], queued: 2 });
  });

  it('a free server with an empty queue is not idle work', () => {
    const work = waitingWork([match('a', 'Completed')], [server('s1', true)]);
    expect(work).toEqual({ vetoPending: [], idleServers: [], queued: 0 });
  });
});

describe('stuckLoads', () => {
  const now = 10_000;
  const load = (matchSlug: string, serverId: string, sentAt: number, fetchedAt: number | null = null) => ({
    matchSlug,
    serverId,
    sentAt,
    fetchedAt,
  });
  const everywhere = () => true;

  it('reports a load unfetched for the limit or longer, longest waiting first', () => {
    const stuck = stuckLoads(
      [
        load('b', 's2', now - STUCK_LOAD_S),
        load('a', 's1', now - 600),
        load('c', 's3', now - STUCK_LOAD_S + 1),
      ],
      everywhere,
      now,
    );
    expect(stuck).toEqual([
      { matchSlug: 'a', serverId: 's1', sentAt: now - 600, waitingSeconds: 600 },
      { matchSlug: 'b', serverId: 's2', sentAt: now - STUCK_LOAD_S, waitingSeconds: STUCK_LOAD_S },
    ]);
  });

  it('leaves out fetched loads and loads of matches no longer waiting on that server', () => {
    const stuck = stuckLoads(
      [load('a', 's1', now - 600, now - 590), load('b', 's2', now - 600), load('c', 's3', now - 600)],
      (slug, serverId) => slug === 'c' && serverId === 's3',
      now,
    );
    expect(stuck.map((l) => l.matchSlug)).toEqual(['c']);
  });

  it('gives a queued load the time the allocation gives it (a postgame of 76 s and 30 s more)', () => {
    expect(STUCK_LOAD_S).toBeGreaterThan(76 + 30);
    expect(stuckLoads([load('a', 's1', now - 106)], everywhere, now)).toEqual([]);
  });
});
