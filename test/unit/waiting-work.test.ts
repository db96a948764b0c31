import { describe, expect, it } from 'vitest';
import { waitingWork } from '../../shared/domain/waiting-work.js';

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
