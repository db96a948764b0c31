import { describe, expect, it } from 'vitest';
import { estimateStarts, expectedDurations, type EtaInput } from '../../shared/domain/eta.js';

const NOW = 1_800_000_000;
const MIN = 60;
const input = (over: Partial<EtaInput>): EtaInput => ({
  now: NOW,
  enabledServers: 1,
  running: [],
  queue: [],
  unplaced: [],
  completed: [],
  simulationTimescale: null,
  ...over,
});
const queued = (slug: string, format: 'bo1' | 'bo3' | 'bo5' = 'bo1', vetoPending = false) => ({
  slug,
  format,
  vetoPending,
});

describe('expectedDurations (API.md decision 42)', () => {
  it('uses 40 minutes per map until two matches of the format completed, scaled in simulation', () => {
    expect(expectedDurations([], null)).toEqual({
      bo1: { seconds: 40 * MIN, basis: 'default' },
      bo3: { seconds: 100 * MIN, basis: 'default' },
      bo5: { seconds: 165 * MIN, basis: 'default' },
    });
    expect(expectedDurations([], 4).bo3).toEqual({ seconds: 25 * MIN, basis: 'default' });
  });

  it('switches to the median measured duration of completed matches with a load time', () => {
    const done = (minutes: number, loadedAt: number | null = NOW) => ({
      format: 'bo1' as const,
      loadedAt,
      completedAt: NOW + minutes * MIN,
    });
    expect(expectedDurations([done(30), done(90, null)], null).bo1.basis).toBe('default');
    expect(expectedDurations([done(30), done(50)], null).bo1).toEqual({
      seconds: 40 * MIN,
      basis: 'measured',
    });
    expect(expectedDurations([done(30), done(50), done(20)], 4).bo1).toEqual({
      seconds: 30 * MIN,
      basis: 'measured',
    });
    expect(expectedDurations([done(30), done(50)], null).bo3.basis).toBe('default');
  });
});

describe('estimateStarts', () => {
  it('gives no estimate without an enabled server', () => {
    expect(estimateStarts(input({ enabledServers: 0, queue: [queued('a')] })).size).toBe(0);
  });

  it('fills free servers first, then the servers that free soonest, in queue order', () => {
    const etas = estimateStarts(
      input({
        enabledServers: 2,
        running: [{ slug: 'live', format: 'bo1', loadedAt: NOW - 30 * MIN }],
        queue: [queued('a'), queued('b'), queued('c', 'bo3')],
      }),
    );
    // a: the free server now; b: when "live" ends (10 min); c: when a ends (40 min).
    expect(etas.get('a')).toEqual({ startsAt: NOW, minutes: 0, basis: 'default', position: 1 });
    expect(etas.get('b')).toMatchObject({ startsAt: NOW + 10 * MIN, minutes: 10, position: 2 });
    expect(etas.get('c')).toMatchObject({ minutes: 40, position: 3 });
  });

  it('a match running longer than expected frees its server now, not in the past', () => {
    const etas = estimateStarts(
      input({ running: [{ slug: 'long', format: 'bo1', loadedAt: NOW - 90 * MIN }], queue: [queued('a')] }),
    );
    expect(etas.get('a')).toMatchObject({ startsAt: NOW, minutes: 0 });
  });

  it('adds the expected veto time to a match whose veto is not done', () => {
    const etas = estimateStarts(input({ queue: [queued('a', 'bo1', true), queued('b')] }));
    expect(etas.get('a')).toMatchObject({ minutes: 5 });
    expect(etas.get('b')).toMatchObject({ minutes: 45 });
  });

  it('scales the defaults by the simulation timescale', () => {
    const etas = estimateStarts(input({ simulationTimescale: 4, queue: [queued('a'), queued('b', 'bo3')] }));
    expect(etas.get('b')).toMatchObject({ minutes: 10, basis: 'default' });
  });

  it('a match not yet placed starts when its last feeder should end, with no position', () => {
    const etas = estimateStarts(
      input({
        enabledServers: 2,
        queue: [queued('semi1'), queued('semi2', 'bo3')],
        unplaced: [
          { slug: 'final', format: 'bo3', feeders: ['semi1', 'semi2'] },
          { slug: 'after-final', format: 'bo1', feeders: ['final'] },
          { slug: 'unknown-feeder', format: 'bo1', feeders: ['nowhere'] },
        ],
      }),
    );
    expect(etas.get('final')).toEqual({
      startsAt: NOW + 100 * MIN,
      minutes: 100,
      basis: 'default',
      position: null,
    });
    expect(etas.get('after-final')).toMatchObject({ minutes: 200, position: null });
    expect(etas.has('unknown-feeder')).toBe(false);
  });
});
