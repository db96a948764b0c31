import { describe, expect, it } from 'vitest';
import { useFakeGameServers } from '../../helpers/fake-game-server.js';

const fake = useFakeGameServers();
const { startServer, connect, configure } = fake;

describe('bootstrap', () => {
  it('2.0.0 fetches once after the token and URL settle, runs the commands and warns on another server id', async () => {
    fake.receiver.bootstrap = {
      body: {
        success: true,
        serverId: 'srv-other',
        commands: [
          'at_remote_log_header_key "X-Auto-Tournament-Token"',
          'at_remote_log_header_value "server-token"',
          `at_remote_log_url "${fake.receiver.url}/events"`,
          `at_report_endpoint ${fake.receiver.url}/report`,
          '',
        ],
      },
    };
    const server = await startServer({ flavour: 'at' });
    const client = await connect(server);
    await client.command('at_server_id "srv-1"');
    await client.command('at_bootstrap_token "old-token"');
    await client.command(`at_bootstrap_url "${fake.receiver.url}/bootstrap"`);
    await client.command('at_bootstrap_token "boot-token"');
    const configured = await server.waitForEvent('server_configured');

    expect(server.bootstraps).toHaveLength(1);
    expect(server.bootstraps[0]?.headers).toEqual({ 'X-Auto-Tournament-Token': 'boot-token' });
    expect(
      fake.receiver.requests.find((request) => request.path === '/bootstrap')?.headers[
        'x-auto-tournament-token'
      ],
    ).toBe('boot-token');
    expect(configured.headers['X-Auto-Tournament-Token']).toBe('server-token');
    expect(configured.payload).toMatchObject({
      server_id: 'srv-1',
      configured_by: 'Console',
      plugin_version: '2.0.0',
    });
    expect(Object.keys(configured.payload).at(-1)).toBe('event');
    expect(server.convar('at_report_endpoint')).toBe(`${fake.receiver.url}/report`);
    expect(server.logs.some((entry) => entry.level === 'warn' && entry.message.includes("'srv-other'"))).toBe(
      true,
    );
  });

  it('1.4.21 fetches at once on each command with the values stored then, at most once in 5 s', async () => {
    fake.receiver.bootstrap = {
      body: { success: true, serverId: 'srv-1', commands: ['plugin_debug_chat 0'] },
    };
    const server = await startServer({ bootstrapAntiSpamMs: 300 });
    const client = await connect(server);
    await client.command('plugin_bootstrap_token "old-token"');
    expect(server.bootstraps).toHaveLength(0);
    // URL first: the fetch goes out at once with the token stored then; the new token fetches nothing.
    await client.command(`plugin_bootstrap_url "${fake.receiver.url}/bootstrap"`);
    await client.command('plugin_bootstrap_token "new-token"');
    await server.settled();
    expect(server.bootstraps.map((fetch) => fetch.headers)).toEqual([{ 'X-Plugin-Token': 'old-token' }]);
    // Past the anti-spam window the URL command fetches again, now with both values final.
    await new Promise((resolve) => setTimeout(resolve, 350));
    await client.command(`plugin_bootstrap_url "${fake.receiver.url}/bootstrap"`);
    await server.settled();
    expect(server.bootstraps.map((fetch) => fetch.headers)).toEqual([
      { 'X-Plugin-Token': 'old-token' },
      { 'X-Plugin-Token': 'new-token' },
    ]);
  });

  it('fetches again at once after a restart, with the persisted settings', async () => {
    fake.receiver.bootstrap = { body: { success: true, serverId: 'srv-1', commands: [] } };
    const server = await startServer();
    const client = await connect(server);
    await configure(client);
    await client.command('plugin_bootstrap_token "boot-token"');
    await client.command(`plugin_bootstrap_url "${fake.receiver.url}/bootstrap"`);
    await new Promise((resolve) => server.once('bootstrap', resolve));

    const refetched = new Promise((resolve) => server.once('bootstrap', resolve));
    await server.restart();
    await refetched;
    expect(server.bootstraps).toHaveLength(2);
    expect(server.status).toBe('warmup');
    expect(server.settings?.remoteLogUrl).toBe(`${fake.receiver.url}/events`);
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
  it('a server that cannot reach the bootstrap URL or the event URL reaches neither: nothing arrives', async () => {
    fake.receiver.bootstrap = { body: { success: true, serverId: 'srv-1', commands: [] } };
    const server = await startServer({
      unreachableUrls: [`${fake.receiver.url}/bootstrap`, `${fake.receiver.url}/events`],
    });
    const client = await connect(server);
    await configure(client);
    await client.command('plugin_bootstrap_token "boot-token"');
    await client.command(`plugin_bootstrap_url "${fake.receiver.url}/bootstrap"`);
    await server.settled();
    await client.command('css_testevent');
    const attempt = await server.waitForEvent('test_event');
    expect(server.bootstraps.map((fetch) => fetch.outcome)).toEqual(['error']);
    expect(attempt.outcome).toBe('error');
    expect(fake.receiver.requests.filter((r) => r.path === '/bootstrap' || r.path === '/events')).toEqual([]);
  });
});
