import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { rconProblem } from '../../server/features/servers/rcon-problem.js';
import { createRconPool, RconError, type RconPort } from '../../server/integrations/rcon/pool.js';
import { RconServer, type RconDialect } from '../fakes/rcon-server.js';

const PASSWORD = 'rcon-password-123';
let server: RconServer | undefined;
let pool: RconPort | undefined;

afterEach(async () => {
  pool?.closeAll();
  await server?.close();
  server = pool = undefined;
});

async function start(dialect: RconDialect, execute = async (line: string) => `ran: ${line}`) {
  let authFailures = 0;
  server = new RconServer({ password: PASSWORD, dialect, execute, onAuthFailure: () => authFailures++ });
  const port = await server.listen();
  return { target: { host: '127.0.0.1', port, password: PASSWORD }, authFailures: () => authFailures };
}

describe('Source RCON client against the fake game server', () => {
  it.each(['cs2', 'source1'] as const)(
    '%s: logs in and answers commands in order over one connection',
    async (dialect) => {
      const { target } = await start(dialect);
      pool = createRconPool({ timeoutMs: 2_000 });
      const replies = await Promise.all(
        ['status', 'mp_maxrounds', 'say hi'].map((c) => pool!.run('s1', target, c)),
      );
      expect(replies).toEqual(['ran: status', 'ran: mp_maxrounds', 'ran: say hi']);
      expect(server!.connectionCount).toBe(1);
    },
  );

  it('joins a reply the server splits into several packets (Source 1, over 4096 bytes)', async () => {
    const long = Array.from({ length: 900 }, (_, i) => `line ${i}`).join('\n');
    const { target } = await start('source1', async () => long);
    pool = createRconPool({ timeoutMs: 2_000 });
    expect(await pool.run('s1', target, 'cvarlist')).toBe(long);
  });

  // CS2 sends one packet however long the output: it reaches the client in several TCP reads.
  it('cs2: reads a 200 KB reply packet whole across TCP reads', async () => {
    const huge = 'x'.repeat(200_000);
    const { target } = await start('cs2', async () => huge);
    pool = createRconPool({ timeoutMs: 2_000 });
    expect(await pool.run('s1', target, 'cvarlist')).toBe(huge);
  });

  it('a server that leaves the end-of-reply packet unanswered (CS2 may): each reply ends once it is quiet', async () => {
    const { target } = await start('cs2');
    server!.faults.ignoreEndPacket = true;
    pool = createRconPool({ timeoutMs: 2_000 });
    const replies = await Promise.all(['status', 'say hi'].map((c) => pool!.run('s1', target, c)));
    expect(replies).toEqual(['ran: status', 'ran: say hi']);
  });

  // Source 1 sends an empty reply before the AUTH_RESPONSE: a client that takes the first packet as the
  // login's answer (rcon-client 4.2.5) calls a wrong password a success.
  it.each(['cs2', 'source1'] as const)(
    '%s: a wrong password fails clearly once, and is not retried until the password changes',
    async (dialect) => {
      const { target, authFailures } = await start(dialect);
      pool = createRconPool({ timeoutMs: 2_000, backoffMs: 0 });
      const wrong = { ...target, password: 'not-the-password' };
      const first = await pool.run('s1', wrong, 'status').catch((err: unknown) => err);
      expect(first).toBeInstanceOf(RconError);
      expect((first as RconError).kind).toBe('auth');
      await expect(pool.run('s1', wrong, 'status')).rejects.toThrow(/password is wrong/);
      expect(authFailures()).toBe(1);
      expect(await pool.run('s1', target, 'status')).toBe('ran: status');
    },
  );

  it('reconnects after the server drops the connection, with backoff between failures', async () => {
    const { target } = await start('cs2');
    let clock = 0;
    pool = createRconPool({ timeoutMs: 2_000, backoffMs: 1_000, now: () => clock });
    expect(await pool.run('s1', target, 'one')).toBe('ran: one');
    server!.dropConnections();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await pool.run('s1', target, 'two')).toBe('ran: two');

    server!.faults.refuseConnections = true;
    server!.dropConnections();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(pool.run('s1', target, 'three')).rejects.toThrow();
    await expect(pool.run('s1', target, 'three')).rejects.toThrow(/reconnecting/);
    server!.faults.refuseConnections = false;
    clock += 1_000;
    expect(await pool.run('s1', target, 'four')).toBe('ran: four');
  });

  it('times out a command the server never answers', async () => {
    const { target } = await start('cs2');
    pool = createRconPool({ timeoutMs: 300 });
    server!.faults.replyDelayMs = 1_000;
    await expect(pool.run('s1', target, 'matchzy_loadmatch_url x')).rejects.toThrow(
      /did not answer "matchzy_loadmatch_url"/,
    );
  });

  it('cannot reach a port nobody listens on: a network error, not a hang', async () => {
    const { target } = await start('cs2');
    await server!.close();
    pool = createRconPool({ timeoutMs: 1_000 });
    const err = await pool.run('s1', target, 'status').catch((e: unknown) => e);
    expect((err as RconError).kind).toBe('network');
  });

  it('a port where HTTP answers: refused as not a CS2 RCON port, in words', async () => {
    const sockets = new Set<net.Socket>();
    const http = net.createServer((socket) => {
      sockets.add(socket);
      socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as net.AddressInfo;
    pool = createRconPool({ timeoutMs: 1_000 });
    try {
      const err = await pool
        .run('s1', { host: '127.0.0.1', port, password: PASSWORD }, 'status')
        .catch((e: unknown) => e);
      expect((err as RconError).kind).toBe('not_rcon');
      expect(rconProblem(err)).toBe(
        'This port does not answer as a CS2 RCON port (check the port: it is the game port +0 unless set otherwise).',
      );
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });
});
