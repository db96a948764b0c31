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

  it('a load the last leader sent and never saw fetched is rolled back by the next leader at its deadline', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const env = { DATABASE_URL: database.url };
    const leader = await startTestServer({ env });
    servers.push(leader);
    await waitFor(async () => (await leader.request('GET', '/health')).body.leader === true, {
      message: 'the first instance to lead',
    });
    // The next leader reads stored deadlines against a clock the test moves.
    const clock = { at: Math.floor(Date.now() / 1000), now: () => clock.at };
    const next = await startTestServer({ env, clock });
    servers.push(next);

    for (const id of ['red', 'blue']) {
      await leader.request('POST', '/api/teams', { body: { id, name: id } });
    }
    const created = await leader.request('POST', '/api/matches', {
      body: { team1Id: 'red', team2Id: 'blue', format: 'bo1', veto: false, maps: ['de_mirage'] },
    });
    const slug: string = created.body.match.slug;
    // The leader sent a load (stored as it stores its own) and died before the server fetched it.
    const { repos } = leader.running.app.ctx;
    const sentAt = clock.at + 1;
    await repos.matches.save({
      ...(await repos.matches.get(slug))!,
      status: 'loaded',
      serverId: 'gone-1',
      loadedAt: sentAt,
    });
    await repos.loads.insert({
      loadId: `load-${slug}`,
      matchSlug: slug,
      serverId: 'gone-1',
      createdAt: sentAt,
    });
    clock.at = sentAt + 1;
    await leader.stop();
    servers.splice(servers.indexOf(leader), 1);
    await waitFor(async () => (await next.request('GET', '/health')).body.leader === true, {
      message: 'the other instance to take the lead',
    });
    // Still within the 30 s fetch window: the load is left to come.
    const match = async () => (await next.request('GET', `/api/matches/${slug}`)).body.match;
    expect(await match()).toMatchObject({ status: 'loaded', serverId: 'gone-1' });

    clock.at = sentAt + 31;
    await waitFor(async () => (await match()).status !== 'loaded', {
      message: 'the next leader to roll the unfetched load back',
    });
    expect(await match()).toMatchObject({ serverId: null });
    expect(await next.running.app.ctx.repos.loads.current(slug)).toBeUndefined();
  });

  it('wrong admin passwords count across instances: five spread over both lock the address on both', async () => {
    const [one, other] = await twoInstances();
    const password = 'correct horse battery';
    await one.request('PUT', '/api/settings', { body: { adminPassword: password } });
    const signIn = (server: TestServer, tried: string, address: string) =>
      server.request('POST', '/api/auth/password', {
        token: null,
        body: { password: tried },
        headers: { 'X-Forwarded-For': address },
      });
    // Probed from another address, so the wait adds no failure to the one under test.
    await waitFor(async () => (await signIn(other, password, '10.0.0.99')).status === 200, {
      message: 'the other instance to know the admin password set through the first',
    });
    for (const server of [one, other, one, other, one]) {
      expect((await signIn(server, 'guess', '10.0.0.7')).status).toBe(401);
    }
    for (const server of [one, other]) {
      const limited = await signIn(server, password, '10.0.0.7');
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
    }
    expect((await signIn(other, password, '10.0.0.8')).status).toBe(200);
  });
});
