import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoChunks, FakeGameServer, PluginReceiver, RconTestClient } from '../fakes/index.js';
import type { FakeGameServerOptions, MatchScript } from '../fakes/index.js';
import { mapAfterChange } from '../fakes/map-change.js';
import { encodePacket } from '../fakes/rcon-packets.js';
import { waitFor } from '../helpers/wait.js';

// Event payloads are read as loose JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** 1 game second = 0.01 real ms: a bo3 plays in a fraction of a second. */
const FAST = 0.01;

const PLAYERS1 = {
  '76561198000000001': 'alpha_one',
  '76561198000000002': 'alpha_two',
};
const PLAYERS2 = {
  '76561198000000006': 'bravo_one',
  '76561198000000007': 'bravo_two',
};

function matchConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    matchid: 42,
    num_maps: 1,
    maplist: ['de_mirage'],
    map_sides: ['knife'],
    players_per_team: 2,
    team1: { id: '7', name: 'Alpha', players: PLAYERS1 },
    team2: { id: '8', name: 'Bravo', players: PLAYERS2 },
    ...overrides,
  };
}

let receiver: PluginReceiver;
const servers: FakeGameServer[] = [];
const clients: RconTestClient[] = [];

beforeEach(async () => {
  receiver = await new PluginReceiver().start();
});

afterEach(async () => {
  clients.splice(0).forEach((client) => client.close());
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await receiver.close();
});

async function startServer(options: FakeGameServerOptions = {}): Promise<FakeGameServer> {
  const server = new FakeGameServer({
    password: 'secret',
    msPerGameSecond: FAST,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    demoSizeBytes: 64 * 1024,
    // GOTV on in the server's own config, so the first map records (its absence has a test of its own).
    tvEnable: true,
    ...options,
  });
  servers.push(server);
  await server.start();
  return server;
}

async function connect(server: FakeGameServer, password = 'secret'): Promise<RconTestClient> {
  const client = await RconTestClient.connect(server.rconPort);
  clients.push(client);
  if (password) {
    await client.auth(password);
  }
  return client;
}

/** What Matchday's setup and bootstrap would configure, directly over RCON. */
async function configure(client: RconTestClient): Promise<void> {
  const url = receiver.url;
  await client.command('plugin_server_id "srv-1"');
  await client.command('plugin_remote_log_header_key "X-Plugin-Token"');
  await client.command('plugin_remote_log_header_value "server-token"');
  await client.command(`plugin_remote_log_url "${url}/events"`);
  // A FakeConVar string keeps quotes (PROTOCOL.md 5.1.1): the endpoint goes unquoted.
  await client.command(`plugin_report_endpoint ${url}/report`);
  await client.command(`plugin_demo_upload_url "${url}/demos/r1m1/upload"`);
  await client.command('plugin_demo_upload_header_key "X-Plugin-Token"');
  await client.command('plugin_demo_upload_header_value "server-token"');
}

async function playMatch(
  server: FakeGameServer,
  config: Record<string, unknown>,
  script: MatchScript,
): Promise<void> {
  receiver.matches.set('r1m1.json', { body: config });
  server.setScript(script);
  const client = await connect(server);
  await configure(client);
  expect(
    await client.command(`plugin_loadmatch_url "${receiver.url}/matches/r1m1.json" "X-Plugin-Token" "t0k"`),
  ).toBe('');
  await server.matchFinished();
  await server.settled();
}

describe('RCON', () => {
  it('answers auth with only AUTH_RESPONSE in the cs2 dialect', async () => {
    const server = await startServer();
    const client = await connect(server, '');
    expect(await client.auth('secret')).toBe(1);
    expect(client.received.map((packet) => packet.type)).toEqual([2]);
  });

  it('sends the empty RESPONSE_VALUE before AUTH_RESPONSE in the source1 dialect', async () => {
    const server = await startServer({ rconDialect: 'source1' });
    const client = await connect(server, '');
    expect(await client.auth('secret')).toBe(1);
    expect(client.received.map((packet) => [packet.id, packet.type, packet.body.length])).toEqual([
      [1, 0, 0],
      [1, 2, 0],
    ]);
  });

  it('answers a wrong password with id -1 and refuses commands before auth', async () => {
    const server = await startServer();
    const client = await connect(server, '');
    expect(await client.auth('wrong')).toBe(-1);
    client.write(encodePacket(9, 2, 'status'));
    await client.waitForPacket(-1).catch(() => undefined);
    await waitFor(() => client.isClosed, { message: 'the server to close the connection' });
    expect(server.logs.some((entry) => entry.message.includes('bad password'))).toBe(true);
  });

  it('splits long replies at 4096 bytes in the source1 dialect, one packet in cs2', async () => {
    const server = await startServer({ rconDialect: 'source1' });
    const client = await connect(server);
    await server.execute(`hostname "${'x'.repeat(5000)}"`);
    const packets = await client.commandPackets('hostname');
    expect(packets.map((packet) => packet.body.length)).toEqual([4096, expect.any(Number)]);
    expect(Buffer.concat(packets.map((packet) => packet.body)).toString()).toMatch(/^"hostname" = "x{5000}"/);

    const cs2 = await startServer();
    const cs2Client = await connect(cs2);
    await cs2.execute(`hostname "${'y'.repeat(5000)}"`);
    expect(await cs2Client.commandPackets('hostname')).toHaveLength(1);
  });

  it('reads packets split across chunks and several packets in one chunk, answering in order', async () => {
    const server = await startServer();
    const client = await connect(server);
    const bytes = Buffer.concat([
      encodePacket(20, 2, 'plugin_tournament_status'),
      encodePacket(21, 2, 'plugin_version'),
    ]);
    client.write(bytes.subarray(0, 7));
    await new Promise((resolve) => setTimeout(resolve, 5));
    client.write(bytes.subarray(7));
    const first = await client.waitForPacket(20);
    const second = await client.waitForPacket(21);
    expect(first.body.toString()).toBe('plugin_tournament_status = warmup');
    expect(second.body.toString()).toBe('[Plugin] Version: 1.4.21');
    expect(client.received.indexOf(first)).toBeLessThan(client.received.indexOf(second));
  });

  it('answers plugin convars bare and engine convars quoted; unquoted URLs break at the colon', async () => {
    const server = await startServer();
    const client = await connect(server);
    expect(await client.command('plugin_events_enabled')).toBe('plugin_events_enabled = True');
    expect(await client.command('plugin_event_retry_interval 0.5')).toBe('');
    expect(await client.command('plugin_event_retry_interval')).toBe('plugin_event_retry_interval = 0.5');
    expect(await client.command('tv_delay')).toBe('"tv_delay" = "0" ( def. "0" )');
    await client.command('plugin_remote_log_url http://127.0.0.1:1/events');
    expect(server.settings?.remoteLogUrl).toBe('');
    expect(await client.command('no_such_command')).toBe('Unknown command "no_such_command"');
  });

  it('can drop connections and delay replies', async () => {
    const server = await startServer();
    const client = await connect(server);
    server.rconFaults.replyDelayMs = 30;
    const started = Date.now();
    await client.command('plugin_version');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    server.rconFaults.closeOnCommand = true;
    await expect(client.command('plugin_version')).rejects.toThrow('closed');

    server.rconFaults.closeOnCommand = false;
    const second = await connect(server);
    server.dropRconConnections();
    await expect(second.command('plugin_version')).rejects.toThrow('closed');
    expect((await connect(server)).received).toHaveLength(1);
  });
});

describe('bootstrap', () => {
  it('2.0.0 fetches once after the token and URL settle, runs the commands and warns on another server id', async () => {
    receiver.bootstrap = {
      body: {
        success: true,
        serverId: 'srv-other',
        commands: [
          'at_remote_log_header_key "X-Auto-Tournament-Token"',
          'at_remote_log_header_value "server-token"',
          `at_remote_log_url "${receiver.url}/events"`,
          `at_report_endpoint ${receiver.url}/report`,
          '',
        ],
      },
    };
    const server = await startServer({ flavour: 'at' });
    const client = await connect(server);
    await client.command('at_server_id "srv-1"');
    await client.command('at_bootstrap_token "old-token"');
    await client.command(`at_bootstrap_url "${receiver.url}/bootstrap"`);
    await client.command('at_bootstrap_token "boot-token"');
    const configured = await server.waitForEvent('server_configured');

    expect(server.bootstraps).toHaveLength(1);
    expect(server.bootstraps[0]?.headers).toEqual({ 'X-Auto-Tournament-Token': 'boot-token' });
    expect(
      receiver.requests.find((request) => request.path === '/bootstrap')?.headers['x-auto-tournament-token'],
    ).toBe('boot-token');
    expect(configured.headers['X-Auto-Tournament-Token']).toBe('server-token');
    expect(configured.payload).toMatchObject({
      server_id: 'srv-1',
      configured_by: 'Console',
      plugin_version: '2.0.0',
    });
    expect(Object.keys(configured.payload).at(-1)).toBe('event');
    expect(server.convar('at_report_endpoint')).toBe(`${receiver.url}/report`);
    expect(server.logs.some((entry) => entry.level === 'warn' && entry.message.includes("'srv-other'"))).toBe(
      true,
    );
  });

  it('1.4.21 fetches at once on each command with the values stored then, at most once in 5 s', async () => {
    receiver.bootstrap = { body: { success: true, serverId: 'srv-1', commands: ['plugin_debug_chat 0'] } };
    const server = await startServer({ bootstrapAntiSpamMs: 300 });
    const client = await connect(server);
    await client.command('plugin_bootstrap_token "old-token"');
    expect(server.bootstraps).toHaveLength(0);
    // URL first: the fetch goes out at once with the token stored then; the new token fetches nothing.
    await client.command(`plugin_bootstrap_url "${receiver.url}/bootstrap"`);
    await client.command('plugin_bootstrap_token "new-token"');
    await server.settled();
    expect(server.bootstraps.map((fetch) => fetch.headers)).toEqual([{ 'X-Plugin-Token': 'old-token' }]);
    // Past the anti-spam window the URL command fetches again, now with both values final.
    await new Promise((resolve) => setTimeout(resolve, 350));
    await client.command(`plugin_bootstrap_url "${receiver.url}/bootstrap"`);
    await server.settled();
    expect(server.bootstraps.map((fetch) => fetch.headers)).toEqual([
      { 'X-Plugin-Token': 'old-token' },
      { 'X-Plugin-Token': 'new-token' },
    ]);
  });

  it('fetches again at once after a restart, with the persisted settings', async () => {
    receiver.bootstrap = { body: { success: true, serverId: 'srv-1', commands: [] } };
    const server = await startServer();
    const client = await connect(server);
    await configure(client);
    await client.command('plugin_bootstrap_token "boot-token"');
    await client.command(`plugin_bootstrap_url "${receiver.url}/bootstrap"`);
    await new Promise((resolve) => server.once('bootstrap', resolve));

    const refetched = new Promise((resolve) => server.once('bootstrap', resolve));
    await server.restart();
    await refetched;
    expect(server.bootstraps).toHaveLength(2);
    expect(server.status).toBe('warmup');
    expect(server.settings?.remoteLogUrl).toBe(`${receiver.url}/events`);
    expect(server.settings?.demoUploadHeaderValue).toBe('');
    const startup = await server.waitForEvent(
      'server_configured',
      (payload) => payload.configured_by === 'Startup',
    );
    expect(startup.headers['X-Plugin-Token']).toBe('server-token');
    const health = await server.waitForEvent('server_health', (payload) => payload.reason === 'startup');
    expect(health.body).toMatch(
      /"db_ok":true,"db_type":"sqlite","db_error":null,"reason":"startup","event":"server_health"}$/,
    );
  });
});

describe('a bo1 played end to end', () => {
  it('sends every event in order with the plugin payloads and quirks', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig(), {
      maps: [{ score: [13, 9], knife: { winner: 'team2', choice: 'stay' } }],
    });
    const names = receiver.eventNames().filter((name) => !name.startsWith('server_'));
    const warmup = names.slice(0, names.indexOf('all_players_ready') + 1);
    expect(warmup[0]).toBe('series_start');
    expect(warmup.filter((name) => name === 'player_connect')).toHaveLength(4);
    expect(warmup.filter((name) => name === 'player_ready')).toHaveLength(4);
    expect(receiver.eventPayloads('player_ready').map((payload) => payload.total_ready)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(names.slice(warmup.length, warmup.length + 6)).toEqual([
      'warmup_ended',
      'knife_round_started',
      'knife_round_ended',
      'demo_recording_start',
      'warmup_ended',
      'going_live',
    ]);
    const live = names.slice(warmup.length + 6, names.indexOf('map_result'));
    expect(live.filter((name) => name === 'round_end')).toHaveLength(22);
    expect(live.slice(24, 26)).toEqual(['side_swap', 'halftime_started']);
    expect(names.slice(names.indexOf('map_result'), names.indexOf('map_result') + 3)).toEqual([
      'map_result',
      'series_end',
      'demo_recording_stop',
    ]);
    expect(names.filter((name) => name.startsWith('demo_upload'))).toEqual([
      'demo_upload_start',
      'demo_upload_success',
      'demo_upload_ended',
    ]);
    expect(names.filter((name) => name === 'player_disconnect')).toHaveLength(4);
    expect(server.status).toBe('idle');
    expect(server.convar('plugin_tournament_match')).toBe('42');
  });

  it('writes payloads like System.Text.Json with the documented shapes', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig({ team1: { id: 7, name: 'Team.Liquid!', players: PLAYERS1 } }), {
      maps: [{ score: [13, 9], knife: { winner: 'team2', choice: 'stay' } }],
    });
    const bodies = receiver.events.map((request) => request.body);
    expect(bodies).toContain(
      '{"team1":{"id":"7","name":"TeamLiquid"},"team2":{"id":"8","name":"Bravo"},"num_maps":1,"matchid":42,"event":"series_start"}',
    );
    expect(bodies).toContain('{"winner":"team2","map_number":0,"matchid":42,"event":"knife_round_ended"}');
    expect(
      receiver.events.every(
        (request) => request.headers['content-type'] === 'application/json; charset=utf-8',
      ),
    ).toBe(true);
    expect(receiver.events.every((request) => request.headers['x-plugin-token'] === 'server-token')).toBe(
      true,
    );

    const connect = receiver.eventPayloads('player_connect')[0];
    expect(connect).toEqual({
      player: { steamid: expect.any(String), name: expect.any(String), team: 'none' },
      matchid: 42,
      event: 'player_connect',
    });
    const roundEnds = receiver.eventPayloads('round_end') as Json[];
    for (const roundEnd of roundEnds) {
      const { team1, team2 } = roundEnd;
      expect(Object.keys(roundEnd)).toEqual([
        'reason',
        'winner',
        'team1',
        'team2',
        'round_time',
        'round_number',
        'map_number',
        'matchid',
        'event',
      ]);
      expect(roundEnd.round_number).toBe(team1.score + team2.score);
      expect(roundEnd.winner.team).toBe(team1.score > team2.score ? 'team1' : 'team2');
      expect(roundEnd.round_time).toBe(0);
      expect(Object.keys(team1)).toEqual([
        'series_score',
        'score',
        'score_ct',
        'score_t',
        'players',
        'id',
        'name',
      ]);
      expect(Object.keys(team1.players[0].stats)).toHaveLength(33);
      expect(team1.players[0].stats.rounds_played).toBe(roundEnd.round_number);
    }
    expect(roundEnds.at(-1)?.team1.score).toBe(13);
    expect(receiver.eventPayloads('side_swap')).toEqual([
      { team1_side: 'TERRORIST', team2_side: 'CT', map_number: 0, matchid: 42, event: 'side_swap' },
    ]);
    const [mapResult] = receiver.eventPayloads('map_result') as Json[];
    expect(mapResult?.winner).toEqual({ side: '2', team: 'team1' });
    expect(mapResult?.team1).toMatchObject({ series_score: 1, score: 13, players: [] });
    expect(receiver.eventPayloads('series_end')[0]).toEqual({
      time_until_restore: 10,
      winner: { side: '2', team: 'team1' },
      team1_series_score: 1,
      team2_series_score: 0,
      matchid: 42,
      event: 'series_end',
    });
    const recording = receiver.eventPayloads('demo_recording_start')[0];
    expect(recording?.filename).toMatch(
      /^\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d_42_de_mirage_TeamLiquid_vs_Bravo\.dem$/,
    );
    expect(receiver.eventPayloads('demo_upload_ended')[0]).toEqual({
      map_number: 0,
      filename: recording?.filename,
      success: true,
      matchid: 42,
      event: 'demo_upload_ended',
    });
  });

  it('goes through the status values, pushes reports and uploads the demo with the plugin headers', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig(), {
      maps: [{ score: [13, 5], knife: { winner: 'team1', choice: 'switch' } }],
    });
    const statuses = server.statusHistory.filter((status, index, all) => status !== all[index - 1]);
    expect(statuses).toEqual([
      'warmup',
      'loading',
      'warmup',
      'knife',
      'playing',
      'halftime',
      'postgame',
      'idle',
    ]);

    expect(receiver.reports.length).toBeGreaterThan(3);
    expect(receiver.reports.every((report) => report.headers['x-plugin-token'] === undefined)).toBe(true);
    const report = JSON.parse(receiver.reports.at(-1)?.body ?? '{}');
    expect(report).toMatchObject({
      serverId: 'srv-1',
      matchSlug: '42',
      report: { match: { matchId: 42, slug: '42' } },
    });
    expect(receiver.reports[0]?.body).toContain('\n  "report": {');

    const [demo] = receiver.demos;
    expect(demo?.path).toBe('/demos/r1m1/upload');
    expect(demo?.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-plugin-token': 'server-token',
      'plugin-matchid': '42',
      'plugin-mapnumber': '0',
      'plugin-roundnumber': '18',
      'get5-matchid': '42',
      'content-length': String(64 * 1024),
    });
    expect(demo?.headers['plugin-filename']).toBe(demo?.headers['get5-filename']);
    const expected = createHash('sha256');
    for (const chunk of demoChunks(64 * 1024, 42 * 100)) {
      expected.update(chunk);
    }
    expect(demo?.sha256).toBe(expected.digest('hex'));
  });
});

describe('a bo3 played end to end', () => {
  it('plays three maps with overtime, a postgame between maps and one series end', async () => {
    const server = await startServer();
    const config = matchConfig({
      num_maps: 3,
      maplist: ['de_mirage', 'de_inferno', 'de_nuke'],
      map_sides: ['team1_ct', 'team2_ct', 'knife'],
    });
    await playMatch(server, config, { maps: [{ score: [16, 14] }, { score: [5, 13] }, { score: [13, 11] }] });

    const mapResults = receiver.eventPayloads('map_result') as Json[];
    expect(
      mapResults.map((result) => [result.map_number, result.team1.series_score, result.team2.series_score]),
    ).toEqual([
      [0, 1, 0],
      [1, 1, 1],
      [2, 2, 1],
    ]);
    expect(mapResults.map((result) => result.winner)).toEqual([
      { side: '3', team: 'team1' },
      { side: '2', team: 'team2' },
      expect.objectContaining({ team: 'team1' }),
    ]);
    const names = receiver.eventNames();
    expect(names.filter((name) => name === 'series_end')).toHaveLength(1);
    expect(names.indexOf('series_end')).toBeGreaterThan(names.lastIndexOf('map_result'));
    expect(receiver.eventPayloads('series_end')[0]).toMatchObject({
      team1_series_score: 2,
      team2_series_score: 1,
    });
    expect(receiver.eventPayloads('going_live').map((payload) => payload.map_number)).toEqual([0, 1, 2]);
    expect(receiver.eventPayloads('overtime_started')).toEqual([
      { overtime_number: 1, map_number: 0, matchid: 42, event: 'overtime_started' },
    ]);
    const overtimeRound = receiver.events.findIndex((request) => request.body.includes('"overtime_started"'));
    expect(JSON.parse(receiver.events[overtimeRound - 2]?.body ?? '{}')).toMatchObject({
      event: 'round_end',
      round_number: 27,
    });
    expect(receiver.eventPayloads('player_connect')).toHaveLength(12);
    expect(receiver.demos.map((demo) => demo.headers['plugin-mapnumber'])).toEqual(['0', '1', '2']);
    const statuses = server.statusHistory.filter((status, index, all) => status !== all[index - 1]);
    expect(statuses.slice(2)).toEqual([
      'warmup',
      'playing',
      'halftime',
      'postgame',
      'warmup',
      'playing',
      'halftime',
      'postgame',
      'warmup',
      'knife',
      'playing',
      'halftime',
      'postgame',
      'idle',
    ]);
  });

  it('decides a drawn map by damage when overtime is off, with the map_result quirk', async () => {
    const server = await startServer();
    const config = matchConfig({ overtimeMode: 'disabled', map_sides: ['team1_ct'] });
    await playMatch(server, config, { maps: [{ score: [12, 12], damageLeader: 'team1' }] });
    const [mapResult] = receiver.eventPayloads('map_result') as Json[];
    expect(mapResult?.winner).toEqual({ side: '2', team: 'team2' });
    expect([mapResult?.team1.score, mapResult?.team2.score]).toEqual([12, 12]);
    expect([mapResult?.team1.series_score, mapResult?.team2.series_score]).toEqual([1, 0]);
    expect(receiver.eventPayloads('series_end')[0]).toMatchObject({
      winner: { team: 'team1' },
      team1_series_score: 1,
    });
    const lastRound = (receiver.eventPayloads('round_end') as Json[]).at(-1);
    const damage = (team: Json): number =>
      team.players.reduce((sum: number, player: Json) => sum + player.stats.damage, 0);
    expect(damage(lastRound?.team1)).toBeGreaterThan(damage(lastRound?.team2));
  });

  it('ends a series drawn on damage too with winner none', async () => {
    const server = await startServer();
    const config = matchConfig({ overtimeMode: 'disabled', map_sides: ['team1_ct'] });
    await playMatch(server, config, { maps: [{ score: [12, 12], damageLeader: 'equal' }] });
    expect(receiver.eventPayloads('series_end')[0]).toMatchObject({
      winner: { side: '2', team: 'none' },
      team1_series_score: 0,
      team2_series_score: 0,
    });
  });
});

describe('the retry queue', () => {
  it('retries a failed event byte for byte with the current header until it is delivered', async () => {
    // 1 ms per game second: the header changes well before the first retry, 30 s later.
    const server = await startServer({ msPerGameSecond: 1 });
    const client = await connect(server);
    await configure(client);
    let failures = 2;
    receiver.eventStatus = (body) => (body.includes('"test_event"') && failures-- > 0 ? 500 : 200);
    expect(await client.command('css_te')).toBe(`Sending test event to: ${receiver.url}/events`);
    await server.waitForEvent('test_event');
    await client.command('plugin_remote_log_header_value "new-token"');
    const delivered = await waitFor(
      () => server.events.find((attempt) => attempt.name === 'test_event' && attempt.outcome === 200),
      { intervalMs: 2, timeoutMs: 5000, message: 'the delivered test_event' },
    );
    const tries = receiver.events.filter((request) => request.body.includes('"test_event"'));
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((request) => request.body)).size).toBe(1);
    expect(tries.map((request) => request.headers['x-plugin-token'])).toEqual([
      'server-token',
      'new-token',
      'new-token',
    ]);
    expect(delivered.attempt).toBe(2);
    expect(server.queuedEventCount).toBe(0);
  });

  it('gives up after 20 retries; pending events are listed and the queue can be cleared', async () => {
    const server = await startServer();
    const client = await connect(server);
    await configure(client);
    receiver.eventStatus = () => 503;
    server.eventFaults = { unreachable: ['test_event'] };
    await client.command('css_te');
    await waitFor(() => server.events.filter((attempt) => attempt.name === 'test_event').length === 21, {
      intervalMs: 2,
      timeoutMs: 5000,
      message: '21 attempts of test_event',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const attempts = server.events.filter((attempt) => attempt.name === 'test_event');
    expect(attempts.map((attempt) => attempt.attempt)).toEqual(
      Array.from({ length: 21 }, (_unused, index) => index),
    );
    expect(attempts[0]?.outcome).toBe('error');
    expect(await client.command('plugin_get_pending_events')).toBe(
      'Event queue status:\n  Pending events: 0',
    );
    expect(await client.command('plugin_clear_event_queue')).toBe(
      'Cleared 1 pending/failed events from queue.',
    );
    expect(await client.command('plugin_clear_event_queue')).toBe('No pending/failed events to clear.');
  });

  it('lists due events by name and drops the queue when the URL changes', async () => {
    const server = await startServer({ msPerGameSecond: 1 });
    const client = await connect(server);
    await configure(client);
    receiver.eventStatus = (body) => (body.includes('"test_event"') ? 500 : 200);
    // The worker stays asleep: both events become due and stay listed.
    await client.command('plugin_event_retry_interval 1000');
    await client.command('plugin_events_enabled 0');
    await client.command('css_te');
    expect(server.events.filter((attempt) => attempt.name === 'test_event')).toHaveLength(0);
    await client.command('plugin_events_enabled 1');
    await client.command('css_te');
    await client.command('css_te');
    await waitFor(() => server.queuedEventCount === 2, {
      intervalMs: 2,
      timeoutMs: 5000,
      message: 'two queued events',
    });
    // Due 30 game seconds (30 ms here) after the failure.
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await client.command('plugin_get_pending_events')).toBe(
      'Event queue status:\n  Pending events: 2\n  Breakdown:\n    - test_event: 2',
    );
    await client.command(`plugin_remote_log_url "${receiver.url}/events?v=2"`);
    expect(server.queuedEventCount).toBe(0);
  });
});

describe('demo uploads that go wrong', () => {
  it('reports an HTTP error at once with the status and the start of the body', async () => {
    const server = await startServer();
    receiver.demoStatus = () => ({ status: 409, body: 'x'.repeat(150) });
    await playMatch(server, matchConfig(), { maps: [{ score: [13, 3] }] });
    expect(server.demos).toHaveLength(1);
    expect(receiver.eventPayloads('demo_upload_fail')).toEqual([
      {
        filename: expect.stringMatching(/\.dem$/),
        size_mb: 0.0625,
        status: '409',
        reason: `${'x'.repeat(100)}...`,
        map_number: 0,
        matchid: 42,
        event: 'demo_upload_fail',
      },
    ]);
    expect(receiver.eventPayloads('demo_upload_ended')[0]).toMatchObject({ success: false });
  });

  it('tries an interrupted upload three times, then reports an exception', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig(), { maps: [{ score: [13, 3], demo: 'interrupted' }] });
    expect(server.demos.map((attempt) => attempt.outcome)).toEqual(['error', 'error', 'error']);
    expect(receiver.demos.every((demo) => !demo.complete)).toBe(true);
    expect(receiver.eventPayloads('demo_upload_fail')[0]).toMatchObject({
      size_mb: null,
      status: 'exception',
    });
    expect(receiver.eventNames().filter((name) => name.startsWith('demo_upload'))).toEqual([
      'demo_upload_start',
      'demo_upload_fail',
      'demo_upload_ended',
    ]);
  });

  it('reports a missing file without posting, and an upload that never reports stays silent', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig(), { maps: [{ score: [13, 3], demo: 'file-not-found' }] });
    expect(receiver.demos).toHaveLength(0);
    expect(receiver.eventPayloads('demo_upload_fail')[0]).toMatchObject({
      size_mb: null,
      status: 'file_not_found',
      reason: 'file_not_found',
    });

    receiver.matches.set('r2.json', { body: matchConfig({ matchid: 43 }) });
    server.setScript({ maps: [{ score: [13, 3], demo: 'never-reports' }] });
    await server.execute(`plugin_loadmatch_url "${receiver.url}/matches/r2.json"`);
    await server.waitForEvent('demo_upload_start', (payload) => payload.matchid === 43);
    const stalled = await waitFor(() => (receiver.demos[0]?.bytes ? receiver.demos[0] : undefined), {
      intervalMs: 2,
      timeoutMs: 5000,
      message: 'the first bytes of the stalled demo',
    });
    await server.waitForEvent('player_disconnect', (payload) => payload.matchid === 43);
    expect(stalled.complete).toBe(false);
    expect(stalled.bytes).toBeLessThan(64 * 1024);
    expect(receiver.eventPayloads('demo_upload_ended').filter((payload) => payload.matchid === 43)).toEqual(
      [],
    );
  });
});

describe('loading a match', () => {
  async function load(server: FakeGameServer, config: unknown, status = 200): Promise<string> {
    receiver.matches.set('m.json', { status, body: config });
    return server.execute(`plugin_loadmatch_url "${receiver.url}/matches/m.json"`);
  }

  it.each([
    [{ ...matchConfig(), team1: undefined }, 'Missing mandatory field: team1'],
    [{ ...matchConfig(), team2: { name: 'Bravo', players: ['7656'] } }, "team2 should have 'players' JSON!"],
    [matchConfig({ num_maps: 2 }), 'num_maps should be equal to or greater than maplist!'],
    [matchConfig({ map_sides: ['ct'] }), 'map_sides should be "team1_ct", "team1_t", or "knife"!'],
    [matchConfig({ matchid: 'abc' }), 'matchid should be an integer!'],
    [matchConfig({ skip_veto: 1 }), 'skip_veto should be a boolean!'],
    [matchConfig({ cvars: [] }), 'cvars should be a JSON structure!'],
    [matchConfig({ num_maps: 0, maplist: [] }), 'maplist should contain atleast 1 map!'],
  ])('refuses an invalid config, resets to idle and records why (%#)', async (config, reason) => {
    const server = await startServer();
    expect(await load(server, config)).toBe('[\x04Plugin\x01] Match load failed! Resetting current match');
    expect(server.loads.at(-1)).toMatchObject({ result: 'invalid', reason, outcome: 200 });
    expect(server.status).toBe('idle');
    expect(server.statusHistory.slice(-3)).toEqual(['error', 'warmup', 'idle']);
    expect(server.match).toBeNull();
  });

  it('stays in error after an HTTP error or a body that is not JSON', async () => {
    const server = await startServer();
    expect(await load(server, { error: 'nope' }, 404)).toBe(
      '[\x04Plugin\x01] [LoadMatchFromURL] HTTP request failed with status code: NotFound',
    );
    expect(server.status).toBe('error');
    expect(await load(server, 'not json')).toBe('');
    expect(server.loads.at(-1)).toMatchObject({ result: 'fatal' });
    expect(server.status).toBe('error');
    expect(await server.execute('plugin_loadmatch_url "ftp://example"')).toContain(
      'Invalid URL: ftp://example',
    );
  });

  it('sends the given header, refuses a second load and queues one during postgame', async () => {
    const server = await startServer();
    // A long wait before the end-of-series kick keeps the server in postgame for a while.
    await server.execute('plugin_series_end_kick_delay_demo_upload 20000');
    receiver.matches.set('a.json', { body: matchConfig() });
    receiver.matches.set('b.json', { body: matchConfig({ matchid: 44 }) });
    await server.execute(`plugin_loadmatch_url "${receiver.url}/matches/a.json" "X-Plugin-Token" "load-1"`);
    expect(receiver.requests.at(-1)?.headers['x-plugin-token']).toBe('load-1');
    expect(server.convar('plugin_tournament_match')).toBe('42');
    expect(await server.execute(`plugin_loadmatch_url "${receiver.url}/matches/b.json"`)).toContain(
      'A match is already setup with id: 42, cannot load a new match!',
    );

    await server.waitForStatus('postgame');
    expect(await server.execute(`plugin_loadmatch_url "${receiver.url}/matches/b.json"`)).toContain(
      `Current match 42 is finishing. Queued next match from URL: ${receiver.url}/matches/b.json to load after reset.`,
    );
    expect([server.status, server.convar('plugin_tournament_next_match')]).toEqual(['queued', 'b']);
    await waitFor(() => server.loads.find((load) => load.result === 'loaded' && load.matchId === 44), {
      intervalMs: 2,
      timeoutMs: 5000,
      message: 'match 44 loaded',
    });
    expect(server.convar('plugin_tournament_match')).toBe('44');
    const afterQueue = server.statusHistory.slice(server.statusHistory.indexOf('queued'));
    expect(afterQueue.slice(0, 4)).toEqual(['queued', 'idle', 'loading', 'warmup']);
  });
});

describe('simulation', () => {
  /** Players that never connect keep the match in warmup while its pace is checked. */
  const inWarmup: MatchScript = { seed: 1, pace: { playerConnect: 100_000 } };

  it.each([
    ['plugin', '1.4.21', 4],
    ['plugin', '1.4.25', 8],
    ['at', '2.0.0', 8],
  ] as const)(
    'plays at the config timescale 8 (%s %s: %s), and at 1 again once idle',
    async (flavour, pluginVersion, used) => {
      const server = await startServer({ flavour, pluginVersion, script: inWarmup });
      const prefix = `${flavour}_`;
      receiver.matches.set('sim.json', { body: matchConfig({ simulation: true, simulation_timescale: 8 }) });
      await server.execute(`${prefix}loadmatch_url "${receiver.url}/matches/sim.json"`);
      expect(server.convar('host_timescale')).toBe(String(used));
      expect(server.clock.msPerGameSecond).toBeCloseTo(FAST / used);

      await server.execute('css_endmatch');
      await server.waitForStatus('idle');
      expect(server.convar('host_timescale')).toBe('1');
      expect(server.clock.msPerGameSecond).toBeCloseTo(FAST);
    },
  );

  it('keeps the real pace for a match that is not simulated', async () => {
    const server = await startServer({ script: inWarmup });
    receiver.matches.set('real.json', { body: matchConfig({ simulation_timescale: 8 }) });
    await server.execute(`plugin_loadmatch_url "${receiver.url}/matches/real.json"`);
    expect(server.convar('host_timescale')).toBe('1');
    expect(server.clock.msPerGameSecond).toBe(FAST);
  });
});

describe('admin commands over RCON', () => {
  it('pauses, unpauses, restores a round and ends the match', async () => {
    const server = await startServer({ msPerGameSecond: 1 });
    const client = await connect(server);
    await configure(client);
    receiver.matches.set('m.json', { body: matchConfig({ map_sides: ['team1_ct'] }) });
    server.setScript({ pace: { playerConnect: 0, playerReady: 0, round: [30, 30], roundRestart: 1 } });
    await client.command(`plugin_loadmatch_url "${receiver.url}/matches/m.json"`);
    await server.waitForEvent('round_end', (payload) => payload.round_number === 1);

    await client.command('css_forcepause');
    const paused = await server.waitForEvent('match_paused');
    expect(paused.payload).toMatchObject({
      paused_by: { steamid: 'Console', name: 'Admin', team: 'Admin' },
      is_tactical: false,
      is_admin: true,
    });
    expect(server.status).toBe('paused');
    const startedBefore = receiver.eventPayloads('round_started').length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(receiver.eventPayloads('round_started')).toHaveLength(startedBefore);
    await client.command('css_forceunpause');
    const unpaused = await server.waitForEvent('match_unpaused');
    expect(unpaused.payload.pause_duration).toBeGreaterThanOrEqual(60);
    expect(server.status).toBe('playing');

    await server.waitForEvent('round_end', (payload) => payload.round_number === 3);
    expect(await client.command('css_restore 9')).toBe(
      'Backup file plugin_42_0_round09.json does not exist, please check the round number.',
    );
    expect(await client.command('css_restore 2')).toBe('');
    const restored = await server.waitForEvent('backup_loaded');
    expect(restored.payload).toEqual({
      round_number: 2,
      filename: 'plugin_42_0_round02.json',
      map_number: 0,
      matchid: 42,
      event: 'backup_loaded',
    });
    // Backup 2 is the state after two rounds played: round 3 is replayed.
    expect(server.match?.roundsPlayed).toBe(2);
    expect(await client.command('css_restore -1')).toMatch(/Invalid value for restore command/);
    await client.command('css_forceunpause');
    const replayed = await waitFor(
      () => receiver.eventPayloads('round_started').filter((payload) => payload.round_number === 3)[1],
      { intervalMs: 2, timeoutMs: 5000, message: 'the replayed start of round 3' },
    );
    expect(Number(replayed.team1_score) + Number(replayed.team2_score)).toBe(2);

    await client.command('css_pause');
    expect(server.status).toBe('paused');
    expect(receiver.eventPayloads('match_paused')).toHaveLength(1);
    await client.command('css_endmatch');
    expect(server.status).toBe('idle');
    expect(server.match).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(receiver.eventNames()).not.toContain('map_result');
    expect(receiver.eventNames()).not.toContain('series_end');
  });

  it('force-starts a match in warmup', async () => {
    const server = await startServer({ msPerGameSecond: 1 });
    const client = await connect(server);
    await configure(client);
    receiver.matches.set('m.json', { body: matchConfig({ map_sides: ['team1_t'] }) });
    server.setScript({ pace: { playerConnect: 1000, round: [1000, 1000] } });
    await client.command(`plugin_loadmatch_url "${receiver.url}/matches/m.json"`);
    await client.command('css_start');
    await server.waitForEvent('going_live');
    expect(receiver.eventPayloads('player_connect')).toHaveLength(4);
    expect(receiver.eventPayloads('player_ready')).toHaveLength(0);
    expect(server.match?.sideOf('team1')).toBe('TERRORIST');
  });
});

describe('the ready gate and who may join (PROTOCOL.md 4.4)', () => {
  const SUBSTITUTE = { '76561198000000003': 'alpha_sub' };
  const withSubstitute = { id: '7', name: 'Alpha', players: { ...PLAYERS1, ...SUBSTITUTE } };
  const gateClosed = (server: FakeGameServer) =>
    waitFor(() => server.logs.find((entry) => /ready gate is closed/.test(entry.message)), {
      intervalMs: 2,
      message: 'the closed ready gate',
    });

  async function load(server: FakeGameServer, config: Record<string, unknown>, script: MatchScript) {
    receiver.matches.set('gate.json', { body: config });
    server.setScript({ pace: { round: [1000, 1000] }, ...script });
    const client = await connect(server);
    await configure(client);
    await client.command(`plugin_loadmatch_url "${receiver.url}/matches/gate.json"`);
    return client;
  }

  it('goes live with a substitute present once the team size of each side is ready', async () => {
    const server = await startServer();
    await load(
      server,
      matchConfig({ team1: withSubstitute, players_per_team: 2, min_players_to_ready: 2 }),
      {},
    );
    await server.waitForEvent('going_live');
    expect(receiver.eventPayloads('team_ready').map((p) => p.team)).toContain('team1');
  });

  it('never readies a side with fewer present than players_per_team: only an admin start helps', async () => {
    const server = await startServer();
    // The roster length (3) as the team size: Bravo has two players.
    const client = await load(
      server,
      matchConfig({ team1: withSubstitute, players_per_team: 3, min_players_to_ready: 3 }),
      {},
    );
    await gateClosed(server);
    expect(receiver.eventPayloads('player_ready')).toHaveLength(5);
    expect(receiver.eventNames()).not.toContain('going_live');
    expect(receiver.eventPayloads('team_ready').map((p) => p.team)).not.toContain('team2');
    expect(server.status).toBe('warmup');
    await client.command('css_start');
    await server.waitForEvent('going_live');
  });

  it('holds the match in warmup while a listed player is missing, even with both sides ready', async () => {
    const server = await startServer();
    await load(server, matchConfig({ team1: withSubstitute, min_players_to_ready: 2 }), {
      absent: ['76561198000000003'],
    });
    await gateClosed(server);
    expect(receiver.eventNames()).toContain('all_players_ready');
    expect(receiver.eventNames()).not.toContain('going_live');
  });

  it('kicks a visitor on no list; lets in listed spectators and per-match admins', async () => {
    const server = await startServer();
    const caster = { steamid: '76561198000000099', name: 'caster' };
    const admin = { steamid: '76561198000000100', name: 'admin' };
    const stranger = { steamid: '76561198000000101', name: 'stranger' };
    await load(
      server,
      matchConfig({ spectators: { players: { [caster.steamid]: caster.name } }, admins: [admin.steamid] }),
      { visitors: [caster, admin, stranger] },
    );
    await server.waitForEvent('going_live');
    const joined = receiver.eventPayloads('player_connect').map((p) => (p as Json).player.steamid as string);
    expect(joined).toEqual(expect.arrayContaining([caster.steamid, admin.steamid]));
    expect(joined).not.toContain(stranger.steamid);
    expect(server.logs.map((entry) => entry.message)).toContain(
      'Kicking player stranger - Not a player in this game.',
    );
  });
});

describe('scripted happenings', () => {
  it('plays an unready, a team pause, a disconnect and a restore', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig({ map_sides: ['team1_ct'] }), {
      maps: [
        {
          score: [13, 5],
          unready: true,
          pause: { beforeRound: 3, by: 'team2', seconds: 60 },
          disconnect: { afterRound: 2, steamid: '76561198000000006', reconnectAfterRounds: 2 },
          restore: { afterRound: 6, toRound: 4 },
        },
      ],
    });
    expect(receiver.eventPayloads('player_unready')).toHaveLength(1);
    expect(receiver.eventPayloads('player_ready')).toHaveLength(5);
    expect(receiver.eventPayloads('match_paused')[0]).toMatchObject({
      paused_by: { team: 'Bravo' },
      is_admin: false,
      is_tactical: false,
    });
    expect(receiver.eventPayloads('unpause_requested')[0]).toMatchObject({
      team: 'team2',
      teams_ready: 1,
      teams_needed: 2,
    });
    // The pause a restore leaves has no start time: its unpause says 0 seconds, as the plugin's does.
    expect(receiver.eventPayloads('match_unpaused').map((payload) => payload.pause_duration)).toEqual([
      62, 0,
    ]);
    const disconnects = receiver.eventPayloads('player_disconnect');
    expect(disconnects[0]).toMatchObject({ player: { steamid: '76561198000000006', team: 'Bravo' } });
    const names = receiver.eventNames();
    const roundEnds = receiver.eventPayloads('round_end').map((payload) => payload.round_number);
    expect(roundEnds.slice(0, 8)).toEqual([1, 2, 3, 4, 5, 6, 5, 6]);
    expect(roundEnds.at(-1)).toBe(18);
    expect(names.indexOf('backup_loaded')).toBeGreaterThan(names.indexOf('round_end'));
    expect(receiver.eventPayloads('map_result')[0]).toMatchObject({
      team1: { score: 13 },
      team2: { score: 5 },
    });
  });

  it('equal pauses send byte-identical match_unpaused bodies, as the plugin does (no event id)', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig(), {
      maps: [
        {
          score: [13, 5],
          pause: [
            { beforeRound: 2, by: 'admin', seconds: 45 },
            { beforeRound: 4, by: 'admin', seconds: 45 },
          ],
        },
      ],
    });
    const unpauses = receiver.events.filter((request) => request.body.includes('"match_unpaused"'));
    expect(unpauses).toHaveLength(2);
    expect(unpauses[1]!.body).toBe(unpauses[0]!.body);
    // The pauses themselves differ by their pause_time, seconds of game apart however fast the clock.
    const pauseTimes = receiver.eventPayloads('match_paused').map((payload) => payload.pause_time);
    expect(pauseTimes).toHaveLength(2);
    expect(pauseTimes[1]).not.toBe(pauseTimes[0]);
  });

  it('ends a map 16-0 on a forfeit', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig(), { maps: [{ forfeit: { afterRound: 3, loser: 'team2' } }] });
    expect(receiver.eventPayloads('round_end')).toHaveLength(3);
    expect(receiver.eventPayloads('map_result')[0]).toMatchObject({
      winner: { team: 'team1' },
      team1: { score: 16, series_score: 1 },
      team2: { score: 0 },
    });
  });

  it('crashes once mid-map and comes back empty, keeping its settings and RCON port', async () => {
    const server = await startServer();
    const port = server.rconPort;
    const client = await connect(server);
    await configure(client);
    receiver.matches.set('m.json', { body: matchConfig() });
    server.setScript({ maps: [{ score: [13, 7], crash: { afterRound: 3 } }] });
    await client.command(`plugin_loadmatch_url "${receiver.url}/matches/m.json"`);
    await waitFor(() => server.logs.find((entry) => entry.message === 'Server restarting'), {
      intervalMs: 2,
      timeoutMs: 5000,
      message: 'the restart log line',
    });
    await waitFor(() => server.running && server.status === 'warmup', {
      intervalMs: 2,
      timeoutMs: 5000,
      message: 'the server back in warmup',
    });
    expect(server.match).toBeNull();
    expect(server.rconPort).toBe(port);
    await waitFor(() => client.isClosed, {
      intervalMs: 2,
      timeoutMs: 5000,
      message: 'the RCON connection closed',
    });
    expect(receiver.eventPayloads('round_end')).toHaveLength(3);
    expect(server.convar('plugin_tournament_match')).toBe('');

    await server.execute(`plugin_loadmatch_url "${receiver.url}/matches/m.json"`);
    await server.matchFinished();
    expect(receiver.eventPayloads('map_result')[0]).toMatchObject({
      team1: { score: 13 },
      team2: { score: 7 },
    });
  });
});

describe('delivery faults', () => {
  it('duplicates, delays and drops first attempts as asked', async () => {
    const server = await startServer();
    server.eventFaults = {
      duplicate: ['map_result'],
      late: { events: (name, payload) => name === 'round_end' && payload.round_number === 2, seconds: 200 },
      unreachable: ['going_live'],
    };
    await playMatch(server, matchConfig(), { maps: [{ score: [13, 2] }] });
    const mapResults = receiver.events.filter((request) => request.body.includes('"map_result"'));
    expect(mapResults).toHaveLength(2);
    expect(mapResults[0]?.body).toBe(mapResults[1]?.body);
    const rounds = receiver.eventPayloads('round_end').map((payload) => payload.round_number);
    expect(rounds.indexOf(2)).toBeGreaterThan(rounds.indexOf(3));
    await waitFor(
      () => server.events.find((attempt) => attempt.name === 'going_live' && attempt.outcome === 200),
      { intervalMs: 2, timeoutMs: 5000, message: 'going_live delivered' },
    );
    expect(
      server.events.filter((attempt) => attempt.name === 'going_live').map((attempt) => attempt.attempt),
    ).toEqual([0, 1]);
  });
});

describe('flavours and server-level events', () => {
  it('speaks the matchzy names: commands, token header, demo headers', async () => {
    receiver.bootstrap = {
      body: {
        success: true,
        serverId: 'srv-1',
        commands: [
          'matchzy_remote_log_header_key "X-MatchZy-Token"',
          'matchzy_remote_log_header_value "server-token"',
          `matchzy_remote_log_url "${receiver.url}/events"`,
          `matchzy_demo_upload_url "${receiver.url}/demos/r1m1/upload"`,
        ],
      },
    };
    const server = await startServer({ flavour: 'matchzy' });
    const client = await connect(server);
    expect(await client.command('matchzy_version')).toBe('[MatchZy] Version: 1.4.21');
    expect(await client.command('plugin_version')).toBe('Unknown command "plugin_version"');
    await client.command('matchzy_server_id "srv-1"');
    await client.command('matchzy_bootstrap_token "boot"');
    await client.command(`matchzy_bootstrap_url "${receiver.url}/bootstrap"`);
    await server.waitForEvent('server_configured');
    expect(server.bootstraps[0]?.headers).toEqual({ 'X-MatchZy-Token': 'boot' });
    receiver.matches.set('m.json', { body: matchConfig() });
    await client.command(`matchzy_loadmatch_url "${receiver.url}/matches/m.json"`);
    await server.matchFinished();
    await server.settled();
    expect(receiver.events.every((request) => request.headers['x-matchzy-token'] === 'server-token')).toBe(
      true,
    );
    expect(receiver.demos[0]?.headers['matchzy-matchid']).toBe('42');
    expect(server.convar('matchzy_tournament_status')).toBe('idle');
  });

  it('uses the at_ prefix and the Auto Tournament token header', async () => {
    const server = await startServer({ flavour: 'at' });
    expect(await server.execute('at_tournament_status')).toBe('at_tournament_status = warmup');
    await server.execute('at_match_token "tok"');
    expect(server.settings?.remoteLogHeaderKey).toBe('X-Auto-Tournament-Token');
  });

  it('reports database health changes and a required game update, then quits when idle', async () => {
    const server = await startServer();
    const client = await connect(server);
    await configure(client);
    server.database = { ok: false, type: 'mysql', error: 'connection refused' };
    const down = await server.waitForEvent('server_health', (payload) => payload.db_ok === false);
    expect(down.payload).toMatchObject({
      reason: 'change',
      db_type: 'mysql',
      db_error: 'connection refused',
    });

    await server.requireGameUpdate(14101);
    expect(receiver.eventPayloads('cs2_update_required')).toEqual([
      {
        server_id: 'srv-1',
        required_version: 14101,
        phase: 'available',
        timestamp: expect.any(Number),
        matchid: -1,
        event: 'cs2_update_required',
      },
      {
        server_id: 'srv-1',
        required_version: 14101,
        phase: 'shutdown',
        timestamp: expect.any(Number),
        matchid: -1,
        event: 'cs2_update_required',
      },
    ]);
    expect(server.running).toBe(false);
  });

  it('answers status, get5_status and the test event', async () => {
    const server = await startServer();
    const client = await connect(server);
    await configure(client);
    expect(await client.command('status')).toMatch(/hostname : Counter-Strike 2\n[\s\S]*map {6}: de_dust2/);
    expect(JSON.parse(await client.command('get5_status'))).toEqual({
      plugin_version: '0.15.0',
      gamestate: 'none',
    });
    await client.command('css_testevent');
    const test = await server.waitForEvent('test_event');
    expect(test.payload).toEqual({
      message: 'This is a test event from MatchZy',
      timestamp: expect.any(Number),
      triggered_by: 'Console',
      server_id: 'srv-1',
      match_slug: '',
      matchid: -1,
      event: 'test_event',
    });
    expect(await client.command('plugin_match_report')).toBe('');
    await waitFor(() => receiver.reports[0], { intervalMs: 2, timeoutMs: 5000, message: 'the first report' });
    expect(JSON.parse(receiver.reports[0]?.body ?? '{}').report.match).toMatchObject({
      phase: 'idle',
      slug: 'unassigned',
    });
  });
});

describe('changing to a maplist entry, per plugin version (PROTOCOL.md 4.1)', () => {
  const workshop = { '3070212801': 'de_cache_classic' };
  it('1.4.x: an installed map or a bare workshop id; any other entry changes nothing', () => {
    expect(mapAfterChange('de_mirage', '1.4.21', workshop)).toEqual({ map: 'de_mirage' });
    expect(mapAfterChange('3070212801', '1.4.21', workshop)).toEqual({ map: 'de_cache_classic' });
    for (const entry of ['de_cache_classic', 'workshop/3070212801/de_cache_classic', 'mirage']) {
      expect(mapAfterChange(entry, '1.4.21', workshop)).toHaveProperty('stays');
    }
  });

  it('2.x: also a workshop path, a workshop URL, a short name and a workshop map’s name', () => {
    const url = 'https://steamcommunity.com/sharedfiles/filedetails/?id=3070212801';
    for (const entry of ['3070212801', 'workshop/3070212801/de_cache_classic', url, 'de_cache_classic']) {
      expect(mapAfterChange(entry, '2.0.0', workshop)).toEqual({ map: 'de_cache_classic' });
    }
    expect(mapAfterChange('mirage', '2.0.0', workshop)).toEqual({ map: 'de_mirage' });
    expect(mapAfterChange('de_unknown', '2.0.0', workshop)).toHaveProperty('stays');
  });
});
