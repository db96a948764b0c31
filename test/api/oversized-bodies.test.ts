import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGameServer } from '../fakes/index.js';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';

const MIB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);
const RCON_PASSWORD = 'rcon-secret';

interface Answer {
  status: number;
  connection: string | undefined;
  body: { success: boolean; code: string; error: string };
}

/**
 * POSTs `bytes` bytes over a connection of its own, chunked unless `declare` puts them in a
 * Content-Length; with `send: false` only the headers go out. A reset connection fails the test.
 */
function postBody(
  url: string,
  headers: Record<string, string>,
  bytes: number,
  { declare = false, send = true } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent: false,
      headers: declare ? { ...headers, 'Content-Length': String(bytes) } : headers,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (text += part));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode!, connection: res.headers.connection, body: JSON.parse(text) }),
      );
    });
    if (!send) {
      req.flushHeaders();
      return;
    }
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

const expectRefused = (answer: Answer, route = '') =>
  expect({
    route,
    status: answer.status,
    connection: answer.connection,
    success: answer.body.success,
    code: answer.body.code,
  }).toEqual({ route, status: 413, connection: 'close', success: false, code: 'PAYLOAD_TOO_LARGE' });

describe('a body over its route limit is answered 413 PAYLOAD_TOO_LARGE, never reset', () => {
  let matchday: TestServer;
  let fake: FakeGameServer;
  const routes: { name: string; path: string; headers: () => Record<string, string> }[] = [];

  beforeAll(async () => {
    matchday = await startTestServer({ env: { DEMO_MAX_MB: '1' } });
    fake = new FakeGameServer({ password: RCON_PASSWORD, serverHealthIntervalSeconds: 0 });
    await fake.start();
    const added = await matchday.request('POST', '/api/servers', {
      body: {
        id: 'srv-1',
        name: 'srv-1',
        host: '127.0.0.1',
        port: fake.rconPort,
        rconPassword: RCON_PASSWORD,
      },
    });
    expect(added.status).toBe(201);
    await fake.waitForEvent('server_configured', (p) => p.server_id === 'srv-1');
    for (const id of ['team1', 'team2']) {
      await matchday.request('POST', '/api/teams', { body: { id, name: id } });
    }
    const match = (
      await matchday.request('POST', '/api/matches', {
        body: { team1Id: 'team1', team2Id: 'team2', format: 'bo1', veto: false, maps: ['de_mirage'] },
      })
    ).body.match as { slug: string; matchid: number };
    const plugin = { 'X-Plugin-Token': TOKENS.server, 'Content-Type': 'application/json' };
    routes.push(
      { name: 'plugin event', path: '/api/events', headers: () => plugin },
      { name: 'plugin event of a sender', path: '/api/events/srv-1', headers: () => plugin },
      {
        name: 'match report',
        path: '/api/events/report',
        headers: () => ({ ...plugin, 'X-Plugin-Token': fake.convar('plugin_report_token') }),
      },
      {
        name: 'demo upload past DEMO_MAX_MB',
        path: `/api/demos/${match.slug}/upload`,
        headers: () => ({
          'X-Plugin-Token': TOKENS.server,
          'Content-Type': 'application/octet-stream',
          'MatchZy-MatchId': String(match.matchid),
          'MatchZy-MapNumber': '0',
          'MatchZy-FileName': 'big.dem',
        }),
      },
    );
  }, 30_000);

  afterAll(async () => {
    await matchday.stop();
    await fake.stop();
  });

  it.each([2, 32])('%i MiB sent chunked to every plugin route: 413 JSON after the body', async (mib) => {
    for (const route of routes) {
      const answer = await postBody(`${matchday.url}${route.path}`, route.headers(), mib * MIB);
      expectRefused(answer, route.name);
      expect(answer.body.error, route.name).toMatch(/larger than/);
    }
  });

  it('2 MiB announced in Content-Length to every plugin route: 413 JSON', async () => {
    for (const route of routes) {
      expectRefused(
        await postBody(`${matchday.url}${route.path}`, route.headers(), 2 * MIB, { declare: true }),
        route.name,
      );
    }
  });

  it('a backup upload announced over its 8 GiB limit is refused before any byte of it', async () => {
    const answer = await postBody(
      `${matchday.url}/api/backup/restore`,
      { 'X-API-Token': TOKENS.admin, 'Content-Type': 'application/x-tar' },
      9 * 1024 * MIB,
      { declare: true, send: false },
    );
    expectRefused(answer);
  });

  it('an upload refused before it is read and then cut off by the client leaves the server running', async () => {
    const req = http.request(`${matchday.url}/api/demos/no-such-match/upload`, {
      method: 'POST',
      agent: false,
      headers: routes[3]!.headers(),
    });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(MIB));
    await new Promise((resolve) => setTimeout(resolve, 100));
    req.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await matchday.request('GET', '/health')).status).toBe(200);
  });

  it('a refused event leaves the server answering the next delivery', async () => {
    expectRefused(await postBody(`${matchday.url}/api/events`, routes[0]!.headers(), 2 * MIB));
    const next = await matchday.request('POST', '/api/events', {
      token: null,
      headers: { 'X-Plugin-Token': TOKENS.server },
      body: { event: 'unknown_event', matchid: 1 },
    });
    expect(next.status).toBeLessThan(500);
    expect(next.body.code).not.toBe('PAYLOAD_TOO_LARGE');
  });
});
