import { describe, expect, it } from 'vitest';
import { matchConfig, useFakeGameServers } from '../../helpers/fake-game-server.js';
import { waitFor } from '../../helpers/wait.js';

const fake = useFakeGameServers();
const { startServer, connect, configure } = fake;

describe('flavours and server-level events', () => {
  it('speaks the matchzy names: commands, token header, demo headers', async () => {
    fake.receiver.bootstrap = {
      body: {
        success: true,
        serverId: 'srv-1',
        commands: [
          'matchzy_remote_log_header_key "X-MatchZy-Token"',
          'matchzy_remote_log_header_value "server-token"',
          `matchzy_remote_log_url "${fake.receiver.url}/events"`,
          `matchzy_demo_upload_url "${fake.receiver.url}/demos/r1m1/upload"`,
        ],
      },
    };
    const server = await startServer({ flavour: 'matchzy' });
    const client = await connect(server);
    expect(await client.command('matchzy_version')).toBe('[MatchZy] Version: 1.4.21');
    expect(await client.command('plugin_version')).toBe('Unknown command "plugin_version"');
    await client.command('matchzy_server_id "srv-1"');
    await client.command('matchzy_bootstrap_token "boot"');
    await client.command(`matchzy_bootstrap_url "${fake.receiver.url}/bootstrap"`);
    await server.waitForEvent('server_configured');
    expect(server.bootstraps[0]?.headers).toEqual({ 'X-MatchZy-Token': 'boot' });
    fake.receiver.matches.set('m.json', { body: matchConfig() });
    await client.command(`matchzy_loadmatch_url "${fake.receiver.url}/matches/m.json"`);
    await server.matchFinished();
    await server.settled();
    expect(
      fake.receiver.events.every((request) => request.headers['x-matchzy-token'] === 'server-token'),
    ).toBe(true);
    expect(fake.receiver.demos[0]?.headers['matchzy-matchid']).toBe('42');
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
    expect(fake.receiver.eventPayloads('cs2_update_required')).toEqual([
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
    await waitFor(() => fake.receiver.reports[0], {
      intervalMs: 2,
      timeoutMs: 5000,
      message: 'the first report',
    });
    expect(JSON.parse(fake.receiver.reports[0]?.body ?? '{}').report.match).toMatchObject({
      phase: 'idle',
      slug: 'unassigned',
    });
  });
});
