import { describe, expect, it } from 'vitest';
import { encodePacket } from '../../fakes/rcon-packets.js';
import { useFakeGameServers } from '../../helpers/fake-game-server.js';
import { waitFor } from '../../helpers/wait.js';

const fake = useFakeGameServers();
const { startServer, connect } = fake;

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
    expect(Buffer.concat(packets.map((packet) => packet.body)).toString()).toMatch(/^hostname = x{5000} /);

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

  it('answers plugin convars bare and engine convars as CS2 does; unquoted URLs break at the colon', async () => {
    const server = await startServer();
    const client = await connect(server);
    expect(await client.command('plugin_events_enabled')).toBe('plugin_events_enabled = True');
    expect(await client.command('plugin_event_retry_interval 0.5')).toBe('');
    expect(await client.command('plugin_event_retry_interval')).toBe('plugin_event_retry_interval = 0.5');
    expect(await client.command('tv_delay')).toBe('tv_delay = 0 ( def. 0 )');
    expect(await client.command('tv_enable 1')).toBe('');
    expect(await client.command('tv_enable')).toBe('tv_enable = true ( def. false )');
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
