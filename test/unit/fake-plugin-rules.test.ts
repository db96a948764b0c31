import { afterEach, describe, expect, it } from 'vitest';
import { FakeGameServer, PluginReceiver, type FakeGameServerOptions } from '../fakes/index.js';
import { waitFor } from '../helpers/wait.js';

const servers: FakeGameServer[] = [];
let receiver: PluginReceiver | undefined;

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await receiver?.close();
  receiver = undefined;
});

async function startServer(options: FakeGameServerOptions = {}): Promise<FakeGameServer> {
  const server = new FakeGameServer({ msPerGameSecond: 0.01, serverHealthIntervalSeconds: 0, ...options });
  servers.push(server);
  await server.start();
  return server;
}

describe('the fake parses settings as the plugin does (PROTOCOL.md 5.1.1)', () => {
  it('keeps quotes in a FakeConVar string and refuses a quoted number or boolean', async () => {
    const server = await startServer({ flavour: 'matchzy' });
    await server.execute('matchzy_report_endpoint "http://10.0.0.5:3000/api/events/report"');
    expect(server.convar('matchzy_report_endpoint')).toBe('"http://10.0.0.5:3000/api/events/report"');
    await server.execute('matchzy_report_endpoint http://10.0.0.5:3000/api/events/report');
    expect(server.convar('matchzy_report_endpoint')).toBe('http://10.0.0.5:3000/api/events/report');
    expect(await server.execute('matchzy_debug_chat "1"')).toMatch(
      /^Error: .* can't be converted to Boolean/,
    );
    expect(await server.execute('matchzy_max_pauses_per_team "3"')).toMatch(/can't be converted to Int32/);
    expect(await server.execute('matchzy_debug_chat TRUE')).toBe('');
    expect(server.convar('matchzy_debug_chat')).toBe('True');
  });

  it('leaves a legacy boolean unchanged on 1 or a quoted value, and sets it on true, false or 0', async () => {
    const server = await startServer({ flavour: 'matchzy' });
    const recording = () => server.convar('matchzy_demo_recording_enabled');
    await server.execute('matchzy_demo_recording_enabled 0');
    expect(recording()).toBe('False');
    for (const ignored of ['1', '"true"', 'yes']) {
      expect(await server.execute(`matchzy_demo_recording_enabled ${ignored}`)).toBe('');
      expect(recording()).toBe('False');
    }
    await server.execute('matchzy_demo_recording_enabled True');
    expect(recording()).toBe('True');
    // Only the knife setting answers, with 1 or 0.
    expect(await server.execute('matchzy_knife_enabled_default false')).toBe(
      'matchzy_knife_enabled_default = 0',
    );
    expect(await server.execute('matchzy_knife_enabled_default 1')).toBe('matchzy_knife_enabled_default = 0');
    expect(await server.execute('matchzy_knife_enabled_default')).toBe('matchzy_knife_enabled_default = 0');
  });
});

describe('commands per plugin version (PROTOCOL.md 5.3, 5.5)', () => {
  it('1.4.21 answers its version and does not know clear_queued_match', async () => {
    const server = await startServer({ flavour: 'matchzy' });
    expect(await server.execute('matchzy_tournament_status')).toBe('matchzy_tournament_status = warmup');
    expect(await server.execute('matchzy_version')).toBe('[MatchZy] Version: 1.4.21');
    expect(await server.execute('matchzy_clear_queued_match')).toMatch(/Unknown command/);
    expect(await server.execute('at_tournament_status')).toMatch(/Unknown command/);
  });

  it('refuses a test event without an event URL, and an invalid URL, in the plugin’s words', async () => {
    for (const flavour of ['matchzy', 'at'] as const) {
      const server = await startServer({ flavour });
      expect(await server.execute('css_testevent')).toMatch(
        new RegExp(`\\] Remote log URL is not configured! Set ${flavour}_remote_log_url first\\.$`),
      );
      expect(await server.execute(`${flavour}_remote_log_url ftp-nothing`)).toBe('');
      expect(server.logs.map((entry) => entry.message)).toContain(
        '[RemoteLogURLCommand] Invalid URL: ftp-nothing. Please provide a valid URL!',
      );
    }
  });

  it('2.0.0 answers at_ names, its version and clear_queued_match', async () => {
    const server = await startServer({ flavour: 'at' });
    expect(await server.execute('at_tournament_status')).toBe('at_tournament_status = warmup');
    expect(await server.execute('at_clear_queued_match')).toBe(
      '[MatchQueue] No queued match to clear. cleared_queued_match=none',
    );
    expect(await server.execute('at_version')).toBe('[Auto Tournament] Version: 2.0.0');
    expect(await server.execute('matchzy_version')).toMatch(/Unknown command/);
    expect(await server.execute('matchzy_tournament_status')).toMatch(/Unknown command/);
  });
});

describe('GOTV and the hostname during a match', () => {
  const config = (overrides: Record<string, unknown> = {}) => ({
    matchid: 7,
    num_maps: 1,
    maplist: ['de_dust2'],
    map_sides: ['team1_ct'],
    players_per_team: 1,
    team1: { id: 'a', name: 'Team Alpha', players: { '76561198000000001': 'a1' } },
    team2: { id: 'b', name: 'Team Bravo', players: { '76561198000000002': 'b1' } },
    ...overrides,
  });

  async function play(server: FakeGameServer, prefix = 'matchzy_'): Promise<void> {
    receiver!.matches.set('m7.json', { body: config() });
    await server.execute(`${prefix}remote_log_url "${receiver!.url}/events"`);
    await server.execute(`${prefix}demo_upload_url "${receiver!.url}/demos/m7/upload"`);
    await server.execute(`${prefix}loadmatch_url "${receiver!.url}/matches/m7.json"`);
    await server.matchFinished();
    await server.settled();
  }

  it('records no demo of a map that loaded with GOTV off, although the plugin turns it on', async () => {
    receiver = await new PluginReceiver().start();
    const server = await startServer({
      flavour: 'matchzy',
      map: 'de_dust2',
      script: { maps: [{ score: [13, 2] }] },
    });
    await server.execute('matchzy_server_id "srv-1"');
    await play(server);
    expect(server.convar('tv_enable')).toBe('1');
    expect(receiver.eventPayloads('demo_upload_fail')).toMatchObject([{ status: 'file_not_found' }]);
    expect(server.demos).toHaveLength(0);
  });

  it('2.0.0 reloads the match map itself when demos are wanted and GOTV is not running', async () => {
    receiver = await new PluginReceiver().start();
    const server = await startServer({
      flavour: 'at',
      map: 'de_dust2',
      script: { maps: [{ score: [13, 2] }] },
    });
    await server.execute('at_server_id "srv-1"');
    await play(server, 'at_');
    expect(receiver.eventPayloads('demo_upload_fail')).toEqual([]);
    expect(server.demos.map((demo) => demo.outcome)).toEqual([200]);
  });

  it('a wingman config sets game mode 2 (MatchZy-Enhanced src/Utility.cs SetCorrectGameMode)', async () => {
    receiver = await new PluginReceiver().start();
    const server = await startServer({ flavour: 'matchzy', map: 'de_dust2', tvEnable: true });
    await server.execute('matchzy_server_id "srv-1"');
    receiver.matches.set('w7.json', { body: config({ wingman: true }) });
    expect(server.convar('game_mode')).toBe('1');
    await server.execute(`matchzy_loadmatch_url "${receiver.url}/matches/w7.json"`);
    await waitFor(() => server.loads.some((load) => load.result === 'loaded'), { message: 'the load' });
    expect(server.convar('game_mode')).toBe('2');
  });

  it('records it when GOTV was on as the map loaded', async () => {
    receiver = await new PluginReceiver().start();
    const server = await startServer({
      flavour: 'matchzy',
      map: 'de_nuke',
      script: { maps: [{ score: [13, 2] }] },
    });
    await server.execute('matchzy_server_id "srv-1"');
    await server.execute('tv_enable 1');
    await play(server);
    expect(receiver.eventPayloads('demo_upload_fail')).toEqual([]);
    expect(server.demos.map((demo) => demo.outcome)).toEqual([200]);
  });

  it('rewrites the hostname from hostname_format at every round start, unless it is two quotes', async () => {
    receiver = await new PluginReceiver().start();
    const server = await startServer({
      flavour: 'matchzy',
      tvEnable: true,
      script: { maps: [{ score: [13, 2] }] },
    });
    await server.execute('matchzy_server_id "srv-1"');
    await server.execute('hostname "Set by RCON"');
    const played = play(server);
    await server.waitForEvent('round_started');
    expect(server.convar('hostname')).toBe('Team_Alpha vs Team_Bravo');
    await played;

    await server.execute('matchzy_hostname_format ""');
    await server.execute('hostname "Set by RCON"');
    await play(server);
    expect(server.convar('hostname')).toBe('Set by RCON');
  });
});
