import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { FakeGameServer } from '../fakes/index.js';
import { createTestDatabase } from '../helpers/postgres.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { addFakeServer } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

/** Two instances on one PostgreSQL database (API.md decision 69), whichever engine the run is on. */
describe('instances sharing one PostgreSQL database', () => {
  const servers: TestServer[] = [];
  const fakes: FakeGameServer[] = [];
  const databases: { drop(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
    for (const s of servers.splice(0)) {
      await s.stop();
    }
  });
  afterAll(async () => {
    for (const database of databases.splice(0)) {
      await database.drop();
    }
  });

  /** `firstEnv` adds to the first instance's environment. */
  async function twoInstances(firstEnv: (other: TestServer) => Record<string, string> = () => ({})) {
    const database = await createTestDatabase();
    databases.push(database);
    const other = await startTestServer({ env: { DATABASE_URL: database.url } });
    const one = await startTestServer({ env: { DATABASE_URL: database.url, ...firstEnv(other) } });
    servers.push(one, other);
    return [one, other] as const;
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

  it('a connection test through one instance sees the test event the plugin sent to the other', async () => {
    // The plugin is told to post to the other instance, as a load balancer may send it there.
    const [one] = await twoInstances((other) => ({ PUBLIC_URL: other.url }));
    await addFakeServer(one, 'srv-1', fakes);
    const tested = await one.request('POST', '/api/servers/srv-1/test');
    expect(tested.body).toMatchObject({ ok: true, plugin: { ok: true } });
  });
});
