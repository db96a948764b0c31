import { afterEach, describe, it } from 'vitest';
import { stopRun, type CupRun } from '../helpers/cup-deployments.js';
import { expectSameOutcome, playCup } from '../helpers/cup-runs.js';

const run: CupRun = { children: [], fakes: [] };
afterEach(() => stopRun(run));

describe('crash safety', () => {
  it('a SIGKILL mid-match and a restart end every match as an uncrashed run does; no event applied twice', async () => {
    const uncrashed = await playCup(run, { kind: 'single', crash: 'none' });
    const crashed = await playCup(run, { kind: 'single', crash: 'restart' });
    expectSameOutcome(crashed, uncrashed);
  }, 120_000);
});
