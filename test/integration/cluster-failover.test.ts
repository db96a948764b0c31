import { afterAll, afterEach, describe, it } from 'vitest';
import { stopRun, type CupRun } from '../helpers/cup-deployments.js';
import { expectSameOutcome, playCup } from '../helpers/cup-runs.js';
import { createTestDatabase } from '../helpers/postgres.js';

const run: CupRun = { children: [], fakes: [] };
const databases: { drop(): Promise<void> }[] = [];
afterEach(() => stopRun(run));
afterAll(async () => {
  for (const database of databases.splice(0)) {
    await database.drop();
  }
});

async function database(): Promise<string> {
  const created = await createTestDatabase();
  databases.push(created);
  return created.url;
}

/** API.md decisions 69 and 71: instances on one PostgreSQL database behind a plain load balancer. */
describe('two instances behind a round-robin proxy', () => {
  it('the leader SIGKILLed in the first round, the next in the final: each time another leads, and the cup ends as without the kills', async () => {
    const uncrashed = await playCup(run, {
      kind: 'cluster',
      databaseUrl: await database(),
      instances: 2,
      crash: 'none',
    });
    const crashed = await playCup(run, {
      kind: 'cluster',
      databaseUrl: await database(),
      instances: 2,
      crash: 'killLeaders',
    });
    expectSameOutcome(crashed, uncrashed);
  }, 180_000);
});
