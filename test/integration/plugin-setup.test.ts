import { afterEach, describe, expect, it } from 'vitest';
import { FakeGameServer, type FakeGameServerOptions } from '../fakes/index.js';
import { RconServer } from '../fakes/rcon-server.js';
import { freePort } from '../helpers/free-port.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { postTeams, TEAM_SIZE } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const PASSWORD = 'rcon-setup';

let matchday: TestServer | undefined;
const fakes: FakeGameServer[] = [];
let bareServer: RconServer | undefined;

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
  await bareServer?.close();
  bareServer = undefined;
  await matchday?.stop();
  matchday = undefined;
});

async function startFake(options: FakeGameServerOptions): Promise<FakeGameServer> {
  const fake = new FakeGameServer({
    password: PASSWORD,
    msPerGameSecond: 0.02,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    ...options,
  });
  fakes.push(fake);
  await fake.start();
  return fake;
}

/** Adds a server with the defaults an organiser gets (no plugin flavour chosen). */
function addServer(id: string, port: number, extra: Record<string, unknown> = {}) {
  return matchday!.request('POST', '/api/servers', {
    body: { id, name: id, host: '127.0.0.1', port, rconPassword: PASSWORD, ...extra },
  });
}

async function serverView(id: string) {
  return (await matchday!.request('GET', `/api/servers/${id}`)).body.server;
}

describe('setup detects the plugin over RCON', () => {
  it.each([
    { flavour: 'matchzy', version: '1.4.21', header: 'X-MatchZy-Token' },
    { flavour: 'at', version: '2.0.0', header: 'X-Auto-Tournament-Token' },
  ] as const)(
    'speaks to $flavour $version under its own names, with settings it parses',
    async ({ flavour, version, header }) => {
      matchday = await startTestServer();
      const fake = await startFake({ flavour });
      const p = `${flavour}_`;
      // Someone switched recording and the knife round off on this server before.
      await fake.execute(`${p}demo_recording_enabled false`);
      await fake.execute(`${p}knife_enabled_default false`);

      const res = await addServer('srv-1', fake.rconPort);
      expect(res.status).toBe(201);
      expect(res.body.server).toMatchObject({
        flavour: 'auto',
        plugin: { detected: flavour, commandFlavour: flavour },
        setup: { error: null },
      });
      const configured = await fake.waitForEvent('server_configured', (e) => e.server_id === 'srv-1');
      expect(configured.headers[header]).toBeDefined();
      expect(fake.commands).toContain(`${p}server_id "srv-1"`);

      const view = await waitFor(
        async () => {
          const server = await serverView('srv-1');
          return server.plugin.version === version && !server.setup.waitingForBootstrap ? server : undefined;
        },
        { message: 'the plugin version', timeoutMs: 60_000 },
      );
      expect(view.setup.bootstrappedAt).not.toBeNull();
      // FakeConVar strings keep quotes: the report endpoint and token arrive bare (PROTOCOL.md 5.1.1).
      expect(fake.convar(`${p}report_endpoint`)).toMatch(/^http:\/\/[^"\s]+\/api\/events\/report$/);
      expect(fake.convar(`${p}report_token`)).toMatch(/^[\w-]{20,}$/);
      await fake.execute(`${p}match_report`);
      const report = await waitFor(async () => fake.reports[0], {
        message: 'a report upload',
        timeoutMs: 60_000,
      });
      expect(report).toMatchObject({ outcome: 200, accepted: true });
      // `1` would leave these off; the literal the plugin parses turns them on.
      expect(fake.convar(`${p}demo_recording_enabled`)).toBe('True');
      expect(fake.convar(`${p}knife_enabled_default`)).toBe('True');
      // The bootstrap never clears the plugin's event queue (API.md decision 11).
      expect(fake.commands.some((line) => line.includes('clear_event_queue'))).toBe(false);
    },
    30_000,
  );

  it('fails with a clear error, on the server and its status, when no plugin answers', async () => {
    matchday = await startTestServer();
    // A CS2 server without the plugin: the engine knows none of the plugin's commands.
    bareServer = new RconServer({
      password: PASSWORD,
      dialect: 'cs2',
      execute: (line) => Promise.resolve(`Unknown command "${line.split(/\s/, 1)[0]}"`),
    });
    const port = await bareServer.listen();

    const res = await addServer('srv-1', port);
    expect(res.status).toBe(201);
    expect(res.body.server.plugin.detected).toBeNull();
    expect(res.body.server.setup.error).toMatch(
      /No supported plugin answered over RCON .*matchzy_tournament_status.*at_tournament_status/,
    );
    expect(res.body.server.setup.waitingForBootstrap).toBe(false);
    const status = await matchday.request('GET', '/api/servers/srv-1/status');
    expect(status.body.server.setup.error).toMatch(/No supported plugin answered/);
  });

  it('refuses a flavour set by hand that the server does not answer to', async () => {
    matchday = await startTestServer();
    const fake = await startFake({ flavour: 'matchzy' });
    const res = await addServer('srv-1', fake.rconPort, { flavour: 'at' });
    expect(res.body.server.setup.error).toMatch(/does not answer at_tournament_status/);
    expect(fake.commands.some((line) => line.startsWith('at_server_id'))).toBe(false);
  });

  it.each(['matchzy', 'at'] as const)(
    '%s: reads GOTV off from the CS2 reply, turns it on and reloads the idle map, so the first match on it records',
    async (flavour) => {
      matchday = await startTestServer();
      const fake = await startFake({ flavour, map: 'de_nuke' });
      expect(await fake.execute('tv_enable')).toBe('tv_enable = false ( def. false )');
      expect(fake.gotvActive).toBe(false);
      await addServer('srv-1', fake.rconPort);
      expect(fake.convar('tv_enable')).toBe('1');
      expect(fake.commands).toContain('changelevel de_nuke');
      expect(fake.gotvActive).toBe(true);
    },
  );
});

describe('settings the plugin holds', () => {
  it.each([
    ['matchzy', 'matchzy_demo_recording_enabled'],
    ['at', 'at_demo_recording_enabled'],
  ] as const)(
    '%s: a changed demo-recording setting reaches the set-up server at once',
    async (flavour, convar) => {
      matchday = await startTestServer();
      const fake = await startFake({ flavour });
      await addServer('srv-1', fake.rconPort);
      await fake.waitForEvent('server_configured', (e) => e.server_id === 'srv-1');
      expect(fake.convar(convar)).toBe('True');
      expect(
        (await matchday.request('PUT', '/api/settings', { body: { demoRecording: false } })).status,
      ).toBe(200);
      await waitFor(() => fake.convar(convar) === 'False', { message: `${convar} switched off` });
      await matchday.request('PUT', '/api/settings', { body: { demoRecording: true } });
      await waitFor(() => fake.convar(convar) === 'True', { message: `${convar} switched on again` });
    },
  );
});

describe('the event URL follows the address servers were set up with', () => {
  // A new remote_log_url makes the plugin delete its undelivered events (MatchZy-Enhanced
  // src/RemoteLogConfig.cs:35-44, 2.0.0 the same): it changes only when the admin confirms.
  it.each(['matchzy', 'at'] as const)(
    '%s: keeps it while that address still works, asks before changing it',
    async (flavour) => {
      matchday = await startTestServer();
      const fake = await startFake({ flavour });
      await addServer('srv-1', fake.rconPort);
      await fake.waitForEvent('server_configured', (e) => e.server_id === 'srv-1');
      const eventUrl = fake.settings?.remoteLogUrl;
      expect(eventUrl).toBe(`${matchday.url}/api/events/srv-1`);
      const ctx = matchday.running.app.ctx;
      const elsewhere = 'http://192.0.2.7:3000';

      // Another network first in line, the old address still there: nothing changes.
      Object.assign(ctx, {
        publicUrl: elsewhere,
        addresses: { ...ctx.addresses, lanUrls: [elsewhere, matchday.url] },
      });
      const again = await matchday.request('POST', '/api/servers/srv-1/setup');
      expect(again.status).toBe(200);
      await waitFor(async () => !(await serverView('srv-1')).setup.waitingForBootstrap, {
        message: 'the bootstrap of the second setup',
        timeoutMs: 20_000,
      });
      expect(fake.settings?.remoteLogUrl).toBe(eventUrl);

      // The old address is gone: refused until the admin confirms the change.
      Object.assign(ctx, { addresses: { ...ctx.addresses, lanUrls: [elsewhere] } });
      const refused = await matchday.request('POST', '/api/servers/srv-1/setup');
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'EVENT_ADDRESS_CHANGES' });
      expect(refused.body.error).toContain(matchday.url);
      expect(refused.body.error).toContain(elsewhere);
      expect(refused.body.error).toMatch(/not delivered yet/);
      expect(fake.commands.filter((line) => line.includes('192.0.2.7'))).toEqual([]);
      const confirmed = await matchday.request('POST', '/api/servers/srv-1/setup', {
        body: { confirmAddressChange: true },
      });
      expect(confirmed.status).toBe(200);
      expect(fake.commands.some((line) => line.includes(`${elsewhere}/api/servers/srv-1/bootstrap`))).toBe(
        true,
      );
    },
    40_000,
  );
});

describe('the bootstrap fetch', () => {
  it('on 1.4.21, sends the URL again until the plugin fetches it with the new token', async () => {
    matchday = await startTestServer();
    const fake = await startFake({ flavour: 'matchzy' });
    // The plugin still holds a URL from before (another address): the fetch it makes for that
    // starts its 5 s anti-spam, so setup's token and URL commands fetch nothing.
    await fake.execute('matchzy_bootstrap_token "old-token"');
    await fake.execute('matchzy_bootstrap_url "http://127.0.0.1:9/api/servers/srv-1/bootstrap"');

    const res = await addServer('srv-1', fake.rconPort);
    expect(res.body.server.setup).toMatchObject({ error: null, waitingForBootstrap: true });
    const view = await waitFor(
      async () => {
        const server = await serverView('srv-1');
        return server.setup.waitingForBootstrap ? undefined : server;
      },
      { message: 'the bootstrap fetch', timeoutMs: 20_000 },
    );
    expect(view.setup).toMatchObject({ error: null, bootstrappedAt: expect.any(Number) });
    const fetched = fake.bootstraps.filter((fetch) => fetch.outcome === 200);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]!.url).toBe(`${matchday.url}/api/servers/srv-1/bootstrap`);
    expect(fake.commands.filter((line) => line.startsWith('matchzy_bootstrap_url'))).toHaveLength(3);
    await fake.waitForEvent('server_configured', (e) => e.server_id === 'srv-1');
  }, 30_000);

  it('loses no round when the server restarts mid-match with rounds it could not deliver', async () => {
    matchday = await startTestServer();
    const teamIds = await postTeams(matchday, 2);
    // Rounds 1-4 never reach Matchday at first; the server crashes after round 4 and comes back.
    const fake = await startFake({
      flavour: 'matchzy',
      script: { maps: [{ score: [13, 5], crash: { afterRound: 4 } }] },
    });
    fake.eventFaults = { unreachable: ['round_end'] };
    await addServer('srv-1', fake.rconPort);
    await fake.waitForEvent('server_configured', (e) => e.server_id === 'srv-1');
    await matchday.request('POST', '/api/tournament', {
      body: {
        name: 'Restart Cup',
        type: 'single_elimination',
        format: 'bo1',
        teamIds,
        settings: { veto: false, teamSize: TEAM_SIZE },
      },
    });
    expect((await matchday.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );

    // The plugin runs its bootstrap again at start: it must not clear the queue (PROTOCOL.md 3.1).
    await waitFor(() => fake.bootstraps.filter((fetch) => fetch.outcome === 200).length >= 2, {
      message: 'the bootstrap after the restart',
      timeoutMs: 30_000,
    });
    const slug = (await matchday.request('GET', '/api/matches')).body.matches[0].slug;
    const rounds = await waitFor(
      async () => {
        const { events } = (await matchday!.request('GET', `/api/matches/${slug}/events`)).body;
        const played = events
          .filter((e: { event: string }) => e.event === 'round_end')
          .map((e: { payload: { round_number: number } }) => e.payload.round_number);
        return played.length >= 4 ? played : undefined;
      },
      { message: 'the four queued rounds delivered after the restart', timeoutMs: 30_000 },
    );
    expect([...new Set(rounds)].sort()).toEqual([1, 2, 3, 4]);
    expect(fake.commands.some((line) => line.includes('clear_event_queue'))).toBe(false);
  }, 60_000);

  /** The plugin's own fetch of an older URL starts 1.4.21's anti-spam window, so setup's commands fetch nothing. */
  async function heldByAntiSpam(fake: FakeGameServer): Promise<void> {
    await fake.execute('matchzy_bootstrap_token "old-token"');
    await fake.execute('matchzy_bootstrap_url "http://127.0.0.1:9/api/servers/srv-1/bootstrap"');
  }

  /** The bootstrap URL commands Matchday sent (not the test's own older URL). */
  const urlsSent = (fake: FakeGameServer) =>
    fake.commands.filter((line) => line.startsWith('matchzy_bootstrap_url') && line.includes(matchday!.url));

  it('on 1.4.21, a Matchday restart resumes the watch and its count: the URL is sent again', async () => {
    const port = await freePort();
    const env = { PORT: String(port) };
    matchday = await startTestServer({ env });
    const dataDir = matchday.dataDir;
    const fake = await startFake({ flavour: 'matchzy', bootstrapAntiSpamMs: 6_000 });
    await heldByAntiSpam(fake);
    const res = await addServer('srv-1', fake.rconPort);
    expect(res.body.server.setup).toMatchObject({ waitingForBootstrap: true, bootstrapResends: 0 });

    // Matchday goes down before its first re-send and comes back on the same address.
    await matchday.stop();
    matchday = await startTestServer({ env, dataDir });
    const view = await waitFor(
      async () => {
        const server = await serverView('srv-1');
        return server.setup.waitingForBootstrap ? undefined : server;
      },
      { message: 'the bootstrap fetch after the restart', timeoutMs: 20_000 },
    );
    expect(view.setup).toMatchObject({
      error: null,
      bootstrappedAt: expect.any(Number),
      bootstrapResends: 1,
    });
    // Setup's own URL command, then one re-send by the restarted Matchday.
    expect(urlsSent(fake)).toHaveLength(2);
    expect(fake.bootstraps.filter((fetch) => fetch.outcome === 200)).toHaveLength(1);
  }, 40_000);

  it('on 1.4.21, three re-sends that fetch nothing fail the setup with the count and the reason', async () => {
    matchday = await startTestServer();
    // The anti-spam outlasts every re-send: the plugin never fetches.
    const fake = await startFake({ flavour: 'matchzy', bootstrapAntiSpamMs: 120_000 });
    await heldByAntiSpam(fake);
    await addServer('srv-1', fake.rconPort);
    const retrying = await waitFor(
      async () => {
        const server = await serverView('srv-1');
        return server.setup.bootstrapResends > 0 ? server : undefined;
      },
      { message: 'the first re-send of the bootstrap URL', timeoutMs: 15_000 },
    );
    // A loaded machine may read after the second re-send: still waiting, no error yet.
    expect(retrying.setup).toMatchObject({ waitingForBootstrap: true, error: null });
    expect(retrying.setup.bootstrapResends).toBeLessThan(3);

    const failed = await waitFor(
      async () => {
        const server = await serverView('srv-1');
        return server.setup.error ? server : undefined;
      },
      { message: 'the setup to fail after the last re-send', timeoutMs: 40_000 },
    );
    expect(failed.setup).toMatchObject({
      waitingForBootstrap: false,
      bootstrappedAt: null,
      bootstrapResends: 3,
    });
    expect(failed.setup.error).toContain('never fetched its settings');
    expect(failed.setup.error).toContain('sent 4 times');
    // Setup's own URL command and three re-sends, then nothing more.
    expect(urlsSent(fake)).toHaveLength(4);
    expect(fake.bootstraps.filter((fetch) => fetch.outcome === 200)).toEqual([]);
  }, 60_000);
});
