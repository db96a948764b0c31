import { afterAll, afterEach, describe, it } from 'vitest';
import { expectSameOutcome, playCup, stopRun, type CupRun } from '../helpers/cup-runs.js';
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
  it('the leader SIGKILLed mid-match: the other leads and every match ends as without the kill; no event applied twice', async () => {
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
      crash: 'killLeader',
    });
    expectSameOutcome(crashed, uncrashed);
  }, 180_000);
});
