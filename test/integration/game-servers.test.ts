import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { FakeGameServer } from '../fakes/index.js';
import type { EventAttempt } from '../fakes/event-publisher.js';
import type { MatchScript } from '../fakes/match-script.js';
import { type TestServer } from '../helpers/server.js';
import { useMatchdayAndFakes } from '../helpers/tournament-play.js';

const RCON_PASSWORD = 'rcon-password-e2e';
const { fakes, startMatchday } = useMatchdayAndFakes();

async function startFake(options: ConstructorParameters<typeof FakeGameServer>[0] = {}) {
  const fake = new FakeGameServer({
    password: RCON_PASSWORD,
    msPerGameSecond: 0.01,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    demoSizeBytes: 256 * 1024,
    ...options,
  });
  fakes.push(fake);
  await fake.start();
  return fake;
}

const player = (team: number, i: number) => ({
  platformId: String(76561198000000000n + BigInt(team * 10 + i)),
  name: `t${team}p${i}`,
});

/** Two teams of five and a manual match between them, played on the maps given. */
async function manualMatch(server: TestServer, format: 'bo1' | 'bo3', maps: string[]) {
  for (const team of [1, 2]) {
    const res = await server.request('POST', '/api/teams', {
      body: {
        id: `team${team}`,
        name: `Team ${team}`,
        tag: `T${team}`,
        players: [1, 2, 3, 4, 5].map((i) => player(team, i)),
      },
    });
    expect(res.status).toBe(201);
  }
  // These tests load the match themselves.
  await server.request('PUT', '/api/settings', { body: { autoAllocate: false } });
  const res = await server.request('POST', '/api/matches', {
    body: { team1Id: 'team1', team2Id: 'team2', format, veto: false, maps },
  });
  expect(res.status).toBe(201);
  return res.body.match as { slug: string; matchid: number };
}

/**
 * Adds the fake as a Matchday server (without a flavour, setup detects the plugin) and waits until
 * its plugin has been set up and said hello.
 */
async function addServer(server: TestServer, fake: FakeGameServer, id: string, flavour?: string) {
  const res = await server.request('POST', '/api/servers', {
    body: {
      id,
      name: id,
      host: '127.0.0.1',
      port: fake.rconPort,
      rconPassword: RCON_PASSWORD,
      ...(flavour ? { flavour } : {}),
    },
  });
  expect(res.status).toBe(201);
  expect(res.body.server.setup.error).toBeNull();
  await fake.waitForEvent('server_configured', (p) => p.server_id === id);
  await fake.settled();
  return res.body.server;
}

/** Match state right after each delivered event (read synchronously: nothing else runs in between). */
/** The match as read when each of the fake's accepted events was answered; awaited once play is over. */
function recordStates(server: TestServer, fake: FakeGameServer, slug: string) {
  const seen: {
    event: EventAttempt;
    // Read at once (the read starts when the answer arrives); awaited once play is over.
    match: ReturnType<TestServer['running']['app']['services']['matches']['get']>;
  }[] = [];
  fake.on('event', (attempt) => {
    if (typeof attempt.outcome === 'number' && attempt.outcome === 200 && attempt.payload.matchid !== -1) {
      seen.push({ event: attempt, match: server.running.app.services.matches.get(slug) });
    }
  });
  return () => Promise.all(seen.map(async ({ event, match }) => ({ event, match: await match })));
}

describe('a game server end to end, with the fake plugin over real RCON and HTTP', () => {
  it('sets up, bootstraps, loads a bo1 by config download and follows it to the end, demo stored', async () => {
    const matchday = await startMatchday();
    const fake = await startFake({ script: { seed: 7, maps: [{ score: [13, 9] }] } });
    const added = await addServer(matchday, fake, 'srv-1');
    expect(added.plugin).toMatchObject({ detected: 'plugin', version: '1.4.21' });

    // Setup over RCON: id, token, URL in that order; the plugin fetched the bootstrap with the token.
    const setupLines = fake.commands.filter((c) =>
      /^plugin_(server_id|bootstrap_token|bootstrap_url) /.test(c),
    );
    expect(setupLines.map((c) => c.split(' ')[0])).toEqual([
      'plugin_server_id',
      'plugin_bootstrap_token',
      'plugin_bootstrap_url',
    ]);
    expect(fake.bootstraps.at(-1)!.outcome).toBe(200);
    const commands = fake.bootstraps.at(-1)!.commands;
    // GOTV first; the plugin's event queue is never cleared (API.md decision 11).
    expect(commands[0]).toBe('tv_enable 1');
    expect(commands.some((c) => c.includes('clear_event_queue'))).toBe(false);
    const at = (prefix: string) => commands.findIndex((c) => c.startsWith(prefix));
    expect(at('plugin_remote_log_header_value')).toBeLessThan(at('plugin_remote_log_url'));
    expect(at('plugin_report_token')).toBeLessThan(at('plugin_report_endpoint'));
    expect(fake.settings!.remoteLogUrl).toBe(`${matchday.url}/api/events/srv-1`);

    const status = await matchday.request('GET', '/api/servers/srv-1/status');
    expect(status.body.server.plugin.version).toMatch(/\d+\.\d+/);
    expect(status.body.server.setup.configuredAt).toEqual(expect.any(Number));
    expect(status.body.server.availability).toMatchObject({ free: true, blockedReason: null });
    expect(status.body.live.status).toBe(fake.status);

    // A website endpoint (nobody listens there): what Matchday queues for it is in its delivery log.
    await matchday.request('PUT', '/api/settings', {
      body: { allowPrivateWebhooks: true, autoAllocate: false },
    });
    const hook = await matchday.request('POST', '/api/webhooks', {
      body: { url: 'http://127.0.0.1:9/hooks' },
    });
    const { slug } = await manualMatch(matchday, 'bo1', ['de_mirage']);
    const states = recordStates(matchday, fake, slug);
    const load = await matchday.running.app.services.loading.loadMatch(slug, 'srv-1');
    const deliveries = await matchday.request('GET', `/api/webhooks/${hook.body.webhook.id}/deliveries`);
    // The plugin fetched the config while the load command ran: players can connect, websites hear it.
    expect(deliveries.body.deliveries.map((d: { type: string }) => d.type)).toEqual(['match.ready']);
    expect(load.confirmed).toBe(true);
    expect(fake.loads.at(-1)).toMatchObject({ outcome: 200, result: 'loaded' });
    await fake.matchFinished();
    await fake.settled();

    const recorded = await states();
    const byName = (name: string) => recorded.filter((s) => s.event.name === name);
    expect(byName('going_live')[0]!.match).toMatchObject({
      status: 'live',
      phase: 'live',
      currentMapNumber: 0,
    });
    for (const { event, match } of byName('round_end')) {
      const p = event.payload as { team1: { score: number }; team2: { score: number } };
      expect([match!.team1MapScore, match!.team2MapScore]).toEqual([p.team1.score, p.team2.score]);
    }
    expect(byName('halftime_started')[0]!.match!.phase).toBe('halftime');
    expect(byName('series_end')[0]!.match).toMatchObject({ status: 'completed', winnerId: 'team1' });

    const final = (await matchday.request('GET', `/api/matches/${slug}`)).body.match;
    expect(final).toMatchObject({ status: 'completed', team1SeriesScore: 1, team2SeriesScore: 0 });
    expect(final.maps[0]).toMatchObject({
      name: 'de_mirage',
      team1Score: 13,
      team2Score: 9,
      winner: 'team1',
    });
    expect(final.maps[0].demo).toEqual({ available: true, downloadUrl: `/api/demos/${slug}/0` });

    const demo = await fetch(`${matchday.url}${final.maps[0].demo.downloadUrl}`);
    expect(demo.status).toBe(200);
    expect((await demo.arrayBuffer()).byteLength).toBe(256 * 1024);
    // The report reached Matchday with the report token; the upload reported back: the server is free.
    expect(fake.reports.some((r) => r.outcome === 200)).toBe(true);
    const after = (await matchday.request('GET', '/api/servers/srv-1')).body.server;
    expect(after.demoHold).toBeNull();
    expect(after.availability).toMatchObject({ free: true, busy: null });
  });

  it('plays a bo3 with the matchzy flavour: series score after each map, the postgame between maps ends nothing', async () => {
    const matchday = await startMatchday();
    const script: MatchScript = {
      seed: 3,
      maps: [{ score: [13, 7] }, { score: [9, 13] }, { score: [16, 14] }],
    };
    const fake = await startFake({ flavour: 'matchzy', script });
    await addServer(matchday, fake, 'srv-mz', 'matchzy');
    expect(fake.settings!.remoteLogUrl).toBe(`${matchday.url}/api/events/srv-mz`);
    const { slug } = await manualMatch(matchday, 'bo3', ['de_mirage', 'de_inferno', 'de_nuke']);
    const states = recordStates(matchday, fake, slug);
    expect((await matchday.running.app.services.loading.loadMatch(slug, 'srv-mz')).confirmed).toBe(true);
    await fake.matchFinished();
    await fake.settled();

    const results = (await states()).filter((s) => s.event.name === 'map_result');
    expect(results.map((s) => [s.match!.team1SeriesScore, s.match!.team2SeriesScore])).toEqual([
      [1, 0],
      [1, 1],
      [2, 1],
    ]);
    expect(results.slice(0, 2).every((s) => s.match!.status === 'live')).toBe(true);
    const final = (await matchday.request('GET', `/api/matches/${slug}`)).body.match;
    expect(final).toMatchObject({
      status: 'completed',
      winnerId: 'team1',
      team1SeriesScore: 2,
      team2SeriesScore: 1,
    });
    expect(
      final.maps.map((m: { team1Score: number; team2Score: number }) => [m.team1Score, m.team2Score]),
    ).toEqual([
      [13, 7],
      [9, 13],
      [16, 14],
    ]);
    expect(final.maps.every((m: { demo: unknown }) => m.demo !== null)).toBe(true);
    // Demo uploads came with the matchzy headers and token.
    expect(fake.demos.every((d) => d.outcome === 200 && d.headers['X-MatchZy-Token'] !== undefined)).toBe(
      true,
    );
    // Three maps played through: 17 to 42 s on a shared 2-core machine, on either engine.
  }, 60_000);

  it('refuses a stale load id and a fetch for a match on another server; a new setup makes the old bootstrap token stale', async () => {
    const matchday = await startMatchday();
    const fake = await startFake({ script: { seed: 1, maps: [{ score: [13, 0] }] } });
    await addServer(matchday, fake, 'srv-a');
    const { slug } = await manualMatch(matchday, 'bo1', ['de_mirage']);
    const config = (loadId: string) =>
      matchday.request('GET', `/api/matches/${slug}.json?loadId=${loadId}`, { token: 'server' });
    expect((await config('nope')).body.code).toBe('STALE_LOAD');
    const oldToken = fake.settings!.bootstrapToken;
    const bootstrap = (token: string) =>
      matchday.request('GET', '/api/servers/srv-a/bootstrap', {
        token: null,
        headers: { 'X-Plugin-Token': token },
      });
    expect((await bootstrap(oldToken)).status).toBe(200);
    expect((await matchday.request('POST', '/api/servers/srv-a/setup')).status).toBe(200);
    expect((await bootstrap(oldToken)).status).toBe(401);
    expect((await bootstrap(fake.settings!.bootstrapToken)).status).toBe(200);
    expect(matchday.logs.join('\n')).not.toContain(oldToken);
  });

  it('a wrong RCON password: a clear error on the server, and no retry storm', async () => {
    const matchday = await startMatchday();
    const fake = await startFake();
    const res = await matchday.request('POST', '/api/servers', {
      body: {
        id: 'srv-x',
        name: 'x',
        host: '127.0.0.1',
        port: fake.rconPort,
        rconPassword: 'wrong-password',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.server.setup.error).toMatch(/RCON password is wrong/);
    const status = await matchday.request('GET', '/api/servers/srv-x/status');
    expect(status.body.rconError).toMatch(/RCON password is wrong/);
    const test = await matchday.request('POST', '/api/servers/srv-x/test');
    expect(test.body).toMatchObject({ ok: false, rcon: { ok: false } });
    expect(fake.logs.filter((l) => /password/i.test(l.message)).length).toBe(1);
    expect(matchday.logs.join('\n')).not.toContain('wrong-password');

    const fixed = await matchday.request('PUT', '/api/servers/srv-x', {
      body: { rconPassword: RCON_PASSWORD },
    });
    expect(fixed.status).toBe(200);
    const retest = await matchday.request('POST', '/api/servers/srv-x/setup');
    expect(retest.body.server.setup.error).toBeNull();
    const check = await matchday.request('POST', '/api/servers/test-connection', {
      body: { host: '127.0.0.1', port: fake.rconPort, rconPassword: RCON_PASSWORD },
    });
    expect(check.body).toMatchObject({ ok: true, rcon: { ok: true } });
  });

  it('a port where HTTP answers: setup fails and the test says it is not a CS2 RCON port', async () => {
    const matchday = await startMatchday();
    const sockets = new Set<net.Socket>();
    const http = net.createServer((socket) => {
      sockets.add(socket);
      socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as net.AddressInfo;
    const notRcon =
      'This port does not answer as a CS2 RCON port (check the port: it is the game port +0 unless set otherwise).';
    try {
      const check = await matchday.request('POST', '/api/servers/test-connection', {
        body: { host: '127.0.0.1', port, rconPassword: RCON_PASSWORD },
      });
      expect(check.body).toMatchObject({ ok: false, rcon: { ok: false, message: notRcon } });
      const res = await matchday.request('POST', '/api/servers', {
        body: { id: 'srv-http', name: 'http', host: '127.0.0.1', port, rconPassword: RCON_PASSWORD },
      });
      expect(res.status).toBe(201);
      expect(res.body.server.setup.error).toBe(notRcon);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });

  it('server test: RCON login and a test event round trip', async () => {
    const matchday = await startMatchday();
    const fake = await startFake();
    await addServer(matchday, fake, 'srv-t');
    const res = await matchday.request('POST', '/api/servers/srv-t/test');
    expect(res.body).toMatchObject({ ok: true, rcon: { ok: true }, plugin: { ok: true } });
  });
});
