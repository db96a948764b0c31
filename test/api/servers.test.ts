import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

const RCON_PASSWORD = 'rcon-password-very-secret';
const SERVER_PASSWORD = 'join-password-42';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const valid = { id: 'lan-1', name: 'LAN 1', host: '127.0.0.1', port: 27015, rconPassword: RCON_PASSWORD };
const count = async () => (await server.request('GET', '/api/servers')).body.count as number;

/** A server of its own for one test, with both passwords set. */
async function addServer(id: string) {
  const res = await server.request('POST', '/api/servers', {
    body: { ...valid, id, serverPassword: SERVER_PASSWORD },
  });
  expect(res.status).toBe(201);
  return res;
}

describe('servers', () => {
  it('adds a server and never answers its RCON password', async () => {
    const created = await server.request('POST', '/api/servers', {
      body: { ...valid, serverPassword: SERVER_PASSWORD, hostnameFormat: '{team1} vs {team2}' },
    });
    expect(created.status).toBe(201);
    expect(created.body.server).toMatchObject({
      id: 'lan-1',
      hasRconPassword: true,
      hasServerPassword: true,
      serverPassword: SERVER_PASSWORD,
      hostnameFormat: '{team1} vs {team2}',
      enabled: true,
      gameVersion: null,
      lastSeenAt: null,
    });
    const responses = [
      created,
      await server.request('GET', '/api/servers'),
      await server.request('GET', '/api/servers/lan-1'),
      await server.request('PUT', '/api/servers/lan-1', {
        body: { name: 'LAN One', rconPassword: `${RCON_PASSWORD}2` },
      }),
      await server.request('POST', '/api/servers/lan-1/disable'),
    ];
    for (const res of responses) {
      expect(res.status).toBeLessThan(300);
      expect(res.text).not.toContain(RCON_PASSWORD);
      expect(res.text).not.toContain('rconPassword');
    }
  });

  it('hides the server password from a read-only token', async () => {
    await addServer('lan-2');
    const res = await server.request('GET', '/api/servers/lan-2', { token: 'readonly' });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(SERVER_PASSWORD);
    expect(res.body.server.hasServerPassword).toBe(true);
  });

  it('enables and disables a server', async () => {
    await addServer('lan-3');
    expect((await server.request('POST', '/api/servers/lan-3/disable')).body.server.enabled).toBe(false);
    expect((await server.request('POST', '/api/servers/lan-3/enable')).body.server.enabled).toBe(true);
  });

  it.each([
    ['port 0', { ...valid, id: 'x1', port: 0 }, 'port'],
    ['port 70000', { ...valid, id: 'x2', port: 70000 }, 'port'],
    ['a port as text', { ...valid, id: 'x3', port: '27015' }, 'port'],
    ['no RCON password', { ...valid, id: 'x4', rconPassword: undefined }, 'rconPassword'],
    ['a host with spaces', { ...valid, id: 'x5', host: 'my server' }, 'host'],
    ['an id with a slash', { ...valid, id: 'a/b' }, 'id'],
  ])('refuses %s with 400 naming the field, saving nothing', async (_what, body, field) => {
    const before = await count();
    const res = await server.request('POST', '/api/servers', { body });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(field);
    expect(await count()).toBe(before);
  });

  it.each(['report', 'test', 'Report'])(
    'refuses the id %s, an event address of Matchday itself (/api/events/report, /api/events/test)',
    async (id) => {
      const before = await count();
      const res = await server.request('POST', '/api/servers', { body: { ...valid, id } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        expect.objectContaining({ path: 'id', message: expect.stringMatching(/\/api\/events\//) }),
      ]);
      expect(await count()).toBe(before);
    },
  );

  it('answers 409 for a duplicate id and 404 for an unknown server', async () => {
    await addServer('lan-4');
    expect((await server.request('POST', '/api/servers', { body: { ...valid, id: 'lan-4' } })).status).toBe(
      409,
    );
    expect((await server.request('GET', '/api/servers/nope')).status).toBe(404);
    expect((await server.request('DELETE', '/api/servers/nope')).status).toBe(404);
  });

  it('never writes a stored password into the log', async () => {
    await addServer('lan-5');
    const changed = await server.request('PUT', '/api/servers/lan-5', {
      body: { rconPassword: `${RCON_PASSWORD}2`, serverPassword: `${SERVER_PASSWORD}2` },
    });
    expect(changed.status).toBe(200);
    const requestId = changed.headers.get('x-request-id')!;
    await waitFor(() => server.logs.some((line) => line.includes(requestId)), {
      message: `the log line of request ${requestId}`,
    });
    const log = server.logs.join('\n');
    expect(log).not.toContain(RCON_PASSWORD);
    expect(log).not.toContain(SERVER_PASSWORD);
  });
});
