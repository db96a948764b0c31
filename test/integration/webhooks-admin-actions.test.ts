import { afterEach, describe, expect, it } from 'vitest';
import { PluginReceiver, RconTestClient, WebhookReceiver } from '../fakes/index.js';
import type { MatchScript } from '../fakes/match-script.js';
import type { TestServer } from '../helpers/server.js';
import {
  addFakeServer,
  postTwoTeamsAndBo1,
  RCON_PASSWORD,
  teamOf,
  useMatchdayAndFakes,
} from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';
import { buildMatchConfig } from '../../server/integrations/plugin/match-config.js';

let website: WebhookReceiver | undefined;
let plugin: PluginReceiver | undefined;

// Registered first so that it runs last (hooks run as a stack): the receivers outlive Matchday.
afterEach(async () => {
  await website?.close();
  await plugin?.close();
  website = plugin = undefined;
});
const { fakes, startMatchday } = useMatchdayAndFakes();

/** Warmup lasts until an admin ends it: players take ages to connect. */
const STUCK_IN_WARMUP: MatchScript = {
  seed: 3,
  pace: { playerConnect: 100_000 },
  maps: [{ score: [13, 9] }],
};
/** Rounds of about four seconds, so a live match can be handled. */
const SLOW_LIVE: MatchScript = {
  seed: 4,
  pace: { round: [100, 100], playerConnect: 1, playerReady: 1 },
  maps: [{ score: [13, 9] }],
};

/** A Matchday whose one webhook endpoint is a signature-checking website on 127.0.0.1. */
async function start(): Promise<TestServer> {
  const matchday = await startMatchday();
  website = await new WebhookReceiver().start();
  await matchday.request('PUT', '/api/settings', { body: { allowPrivateWebhooks: true } });
  const created = await matchday.request('POST', '/api/webhooks', { body: { url: website.url } });
  website.secret = created.body.secret;
  return matchday;
}

const addServer = (server: TestServer, id: string, script: MatchScript) =>
  addFakeServer(server, id, fakes, { msPerGameSecond: 40, script });

const read = async (server: TestServer, slug: string) =>
  (await server.request('GET', `/api/matches/${slug}`)).body.match;

const control = (server: TestServer, slug: string, action: string, body?: unknown) =>
  server.request('POST', `/api/matches/${slug}/${action}`, body === undefined ? {} : { body });

/** Delivers what is due and answers the verified deliveries about `slug` of `type`. */
async function delivered(server: TestServer, slug: string, type: string) {
  await server.running.app.services.webhooks.dispatcher.runDue();
  return website!.received.filter((r) => r.body.type === type && r.body.data.match.slug === slug);
}

function expectAnnounced(hooks: Awaited<ReturnType<typeof delivered>>, reason: string, status: string): void {
  expect(hooks).toHaveLength(1);
  expect(hooks[0]).toMatchObject({ verified: true, status: 200 });
  expect(hooks[0]!.body.data).toMatchObject({ reason, match: { status } });
}

describe('webhooks for the state changes an admin causes', () => {
  it('force cancel of a live match sends match.cancelled and frees its offline server at once', async () => {
    const server = await start();
    const fake = await addServer(server, 'srv-1', SLOW_LIVE);
    const { slug } = await postTwoTeamsAndBo1(server);
    await fake.waitForEvent('round_end', (p) => p.round_number === 1, 30_000);
    await waitFor(
      async () => {
        const s = (await server.request('GET', '/api/servers/srv-1')).body.server;
        return s.plugin.status === 'playing';
      },
      { message: 'the plugin status playing' },
    );
    await fake.stop();

    expect((await control(server, slug, 'force-cancel')).status).toBe(200);
    // Matchday's own records decide: the plugin's last "playing" does not keep the server busy.
    const freed = (await server.request('GET', '/api/servers/srv-1')).body.server;
    expect(freed.availability).toMatchObject({ free: true, busy: null, activeMatch: null });
    expectAnnounced(await delivered(server, slug, 'match.cancelled'), 'force_cancelled', 'cancelled');
  }, 60_000);

  it('restart and reallocate send match.reset saying which', async () => {
    const server = await start();
    const first = await addServer(server, 'srv-1', STUCK_IN_WARMUP);
    const { slug } = await postTwoTeamsAndBo1(server);
    // Fetched, not only sent: a match still queued or mid-fetch is taken off srv-1 differently.
    await waitFor(async () => first.loads.some((load) => load.result === 'loaded'), {
      message: 'srv-1 fetched and loaded the match config',
    });
    await addServer(server, 'srv-2', STUCK_IN_WARMUP);

    expect((await control(server, slug, 'reallocate', { serverId: 'srv-2' })).status).toBe(200);
    expectAnnounced(await delivered(server, slug, 'match.reset'), 'reallocated', 'loaded');
    await first.waitForStatus('idle');

    expect((await control(server, slug, 'restart')).status).toBe(200);
    const resets = await delivered(server, slug, 'match.reset');
    expect(resets.map((r) => r.body.data.reason)).toEqual(['reallocated', 'restarted']);
    expect(resets.every((r) => r.verified)).toBe(true);
  }, 60_000);

  it('restart of a match still waiting for a server is allowed and announced', async () => {
    const server = await start();
    const { slug } = await postTwoTeamsAndBo1(server);
    expect((await read(server, slug)).status).toBe('ready');
    const restarted = await control(server, slug, 'restart');
    expect(restarted.status).toBe(200);
    expect(restarted.body.match.status).toBe('ready');
    expectAnnounced(await delivered(server, slug, 'match.reset'), 'restarted', 'ready');
  });

  it("recovery's requeue sends match.reset", async () => {
    const server = await start();
    const fake = await addServer(server, 'srv-1', STUCK_IN_WARMUP);
    const { slug } = await postTwoTeamsAndBo1(server);
    await waitFor(async () => fake.loads.length === 1, { message: 'the match loaded' });
    await fake.restart();
    await waitFor(async () => (await server.request('GET', '/api/servers/srv-1/status')).body.live, {
      message: 'srv-1 answering over RCON',
    });
    const recovered = await server.request('POST', '/api/recovery/recover');
    expect(recovered.body.matches[0]).toMatchObject({ slug, action: 'requeue' });
    expectAnnounced(await delivered(server, slug, 'match.reset'), 'recovery_requeued', 'ready');
  }, 60_000);

  it('a load the server never confirms is rolled back and sends match.reset, once per server', async () => {
    const server = await start();
    const fake = await addServer(server, 'srv-1', STUCK_IN_WARMUP);
    // Someone loaded a match of their own on the server by hand: in warmup it looks free (API.md 16),
    // but the plugin refuses another load, so Matchday's config is never fetched.
    plugin = await new PluginReceiver().start();
    plugin.matches.set('own.json', {
      body: buildMatchConfig({
        matchid: 999,
        format: 'bo1',
        maps: ['de_nuke'],
        workshopIds: {},
        team1: teamOf(1),
        team2: teamOf(2),
        teamSize: 2,
        spectators: [],
        maxRounds: 24,
        overtimeMode: 'enabled',
        hostnameFormat: '',
        label: 'own',
        flavour: 'plugin',
      }),
    });
    const rcon = await RconTestClient.connect(fake.rconPort);
    await rcon.auth(RCON_PASSWORD);
    await rcon.command(`plugin_loadmatch_url "${plugin.url}/matches/own.json"`);
    rcon.close();
    await fake.waitForStatus('warmup');

    // The plugin's "already set up" refusal: nothing will fetch the load, so it is rolled back, and
    // tried again on the only server, which refuses again: websites hear of it once.
    const { slug } = await postTwoTeamsAndBo1(server);
    await waitFor(async () => fake.loads.filter((l) => l.result === 'refused').length >= 3, {
      message: 'the load refused by the plugin three times',
    });
    expectAnnounced(await delivered(server, slug, 'match.reset'), 'load_rolled_back', 'ready');
  }, 60_000);
});
