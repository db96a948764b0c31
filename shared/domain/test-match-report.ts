import type {
  TestMatchRun,
  TestMatchServerReport,
  TestMatchStep,
  TestMatchStepTimes,
} from '../contracts/test-matches.js';

/**
 * How long each step may take after the one before it (seconds, wall clock). A test match is a short
 * simulated match (bots, raised timescale), so these bounds are generous for a healthy server and still end
 * a run before doors open: the plugin fetches its config within seconds of the load; going live waits for
 * the warmup of a simulated match; a short match at timescale finishes in minutes; the GOTV demo is uploaded
 * once the broadcast delay and the plugin's postgame are over.
 */
export const TEST_MATCH_BOUNDS: Record<Exclude<TestMatchStep, 'load'>, number> = {
  fetched: 60,
  live: 180,
  completed: 900,
  demo: 300,
};

const AWAITED: Record<Exclude<TestMatchStep, 'load'>, { after: TestMatchStep; never: string }> = {
  fetched: { after: 'load', never: 'the server never fetched its match config' },
  live: { after: 'fetched', never: 'the match never went live' },
  completed: { after: 'live', never: 'the match never finished' },
  demo: { after: 'completed', never: 'no demo arrived (is GOTV on?)' },
};

const ORDER: Exclude<TestMatchStep, 'load'>[] = ['fetched', 'live', 'completed', 'demo'];

/** What one server's test match is known to have done: step times and a load refused by the server. */
export interface TestMatchServerFacts {
  serverId: string;
  name: string;
  steps: TestMatchStepTimes;
  loadError: string | null;
}

/** One server's report at `now`: passed once the demo arrived, failed at the first step past its bound. */
export function serverReport(facts: TestMatchServerFacts, now: number): TestMatchServerReport {
  const base = { serverId: facts.serverId, name: facts.name, steps: facts.steps };
  if (facts.loadError !== null || facts.steps.load === null) {
    return {
      ...base,
      state: 'failed',
      failed: { step: 'load', reason: facts.loadError ?? 'the match was not loaded' },
    };
  }
  for (const step of ORDER) {
    if (facts.steps[step] !== null) {
      continue;
    }
    const { after, never } = AWAITED[step];
    const since = facts.steps[after] ?? now;
    if (now - since > TEST_MATCH_BOUNDS[step]) {
      return {
        ...base,
        state: 'failed',
        failed: { step, reason: `${never} within ${TEST_MATCH_BOUNDS[step]} s` },
      };
    }
    return { ...base, state: 'running', failed: null };
  }
  return { ...base, state: 'passed', failed: null };
}

/** The whole run at `now`; it finishes when its last server passed or failed. */
export function runReport(startedAt: number, servers: TestMatchServerFacts[], now: number): TestMatchRun {
  const reports = servers.map((facts) => serverReport(facts, now));
  const done = reports.every((r) => r.state !== 'running');
  return { startedAt, finishedAt: done ? now : null, servers: reports };
}

/**
 * When the next bound of a running server runs out after `now` (Unix seconds), so the run can be looked
 * at again then; null when nothing is awaited.
 */
export function nextDeadline(servers: TestMatchServerFacts[], now: number): number | null {
  const deadlines = servers.flatMap((facts) => {
    if (facts.loadError !== null || facts.steps.load === null) {
      return [];
    }
    const step = ORDER.find((s) => facts.steps[s] === null);
    if (step === undefined) {
      return [];
    }
    const since = facts.steps[AWAITED[step].after];
    const at = since === null ? null : since + TEST_MATCH_BOUNDS[step] + 1;
    return at !== null && at > now ? [at] : [];
  });
  return deadlines.length > 0 ? Math.min(...deadlines) : null;
}
