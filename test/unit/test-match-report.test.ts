import { describe, expect, it } from 'vitest';
import {
  nextDeadline,
  runReport,
  serverReport,
  TEST_MATCH_BOUNDS,
  type TestMatchServerFacts,
} from '../../shared/domain/test-match-report.js';

const T0 = 1_800_000_000;
const facts = (over: Partial<TestMatchServerFacts['steps']>, loadError: string | null = null) => ({
  serverId: 's1',
  name: 'Server 1',
  loadError,
  steps: { load: T0, fetched: null, live: null, completed: null, demo: null, ...over },
});

describe('test match report (API.md decision 58)', () => {
  it('is running while the awaited step is within its bound', () => {
    const report = serverReport(facts({}), T0 + TEST_MATCH_BOUNDS.fetched);
    expect(report).toMatchObject({ state: 'running', failed: null });
  });

  it('names the step that never happened once its bound ran out', () => {
    expect(serverReport(facts({}), T0 + TEST_MATCH_BOUNDS.fetched + 1).failed).toEqual({
      step: 'fetched',
      reason: `the server never fetched its match config within ${TEST_MATCH_BOUNDS.fetched} s`,
    });
    const noDemo = facts({ fetched: T0 + 2, live: T0 + 30, completed: T0 + 300 });
    expect(serverReport(noDemo, T0 + 300 + TEST_MATCH_BOUNDS.demo + 1)).toMatchObject({
      state: 'failed',
      failed: { step: 'demo', reason: expect.stringContaining('no demo arrived') as string },
    });
  });

  it('fails at the load with the server’s own answer', () => {
    expect(serverReport(facts({ load: null }, 'RCON refused'), T0).failed).toEqual({
      step: 'load',
      reason: 'RCON refused',
    });
  });

  it('passes once the demo arrived and the run finishes with its last server', () => {
    const passed = facts({ fetched: T0 + 2, live: T0 + 30, completed: T0 + 300, demo: T0 + 310 });
    const running = { ...facts({ fetched: T0 + 3 }), serverId: 's2' };
    expect(serverReport(passed, T0 + 5000).state).toBe('passed');
    expect(runReport(T0, [passed, running], T0 + 40).finishedAt).toBeNull();
    expect(runReport(T0, [passed, running], T0 + 3 + TEST_MATCH_BOUNDS.live + 1).finishedAt).toBe(
      T0 + 3 + TEST_MATCH_BOUNDS.live + 1,
    );
  });

  it('looks again when the earliest bound runs out', () => {
    const a = facts({ fetched: T0 + 2 });
    const b = { ...facts({}), serverId: 's2' };
    expect(nextDeadline([a, b], T0 + 5)).toBe(T0 + TEST_MATCH_BOUNDS.fetched + 1);
    // A bound already run out is not looked at again.
    expect(nextDeadline([b], T0 + TEST_MATCH_BOUNDS.fetched + 1)).toBeNull();
    expect(nextDeadline([facts({ load: null }, 'x')], T0)).toBeNull();
  });
});
