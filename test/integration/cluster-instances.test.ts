import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/postgres.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

/** Two instances on one PostgreSQL database (API.md decision 69), whichever engine the run is on. */
describe('instances sharing one PostgreSQL database', () => {
  const servers: TestServer[] = [];
  const databases: { drop(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      await s.stop();
    }
  });
  afterAll(async () => {
    for (const database of databases.splice(0)) {
      await database.drop();
    }
  });

  async function twoInstances(): Promise<[TestServer, TestServer]> {
    const database = await createTestDatabase();
    databases.push(database);
    for (let i = 0; i < 2; i++) {
      servers.push(await startTestServer({ env: { DATABASE_URL: database.url } }));
    }
    return [servers[0]!, servers[1]!];
  }

  it('settings saved through one instance are what the other serves and works with', async () => {
    const [one, other] = await twoInstances();
    const saved = await one.request('PUT', '/api/settings', {
      body: { defaultMaxRounds: 16, autoAllocate: false },
    });
    expect(saved.body).toMatchObject({ success: true });
    await waitFor(
      async () => {
        const { settings } = (await other.request('GET', '/api/settings')).body;
        return settings.defaultMaxRounds === 16 && settings.autoAllocate === false;
      },
      { message: 'the other instance to serve the settings saved through the first' },
    );
  });

  it("a webhook's signing secret created through one instance is kept out of the other's logs", async () => {
    const [one, other] = await twoInstances();
    const created = await one.request('POST', '/api/webhooks', { body: { url: 'http://127.0.0.1:9/hook' } });
    expect(created.body).toMatchObject({ success: true });
    const secret: string = created.body.secret;
    await waitFor(async () => !other.running.app.ctx.secrets.scrub(`secret ${secret}`).includes(secret), {
      message: "the other instance's log filter to know the new secret",
    });
  });
});
