import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGameServer } from '../fakes/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { addFakeServers, postTeams } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

let server: TestServer;
const fakes: FakeGameServer[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.stop()));
  await server.stop();
});

describe('GET /api/servers/:id/public (the stream overlay, decision 50)', () => {
  it('answers anyone the name and the held match, never the address or a password', async () => {
    // Slow game seconds: the match stays on the server while the test reads it.
    await addFakeServers(server, 1, fakes, { msPerGameSecond: 30 });
    const idle = await server.request('GET', '/api/servers/srv-1/public', { token: null });
    expect(idle.status).toBe(200);
    expect(idle.body).toEqual({ success: true, server: { id: 'srv-1', name: 'srv-1', matchSlug: null } });

    const [team1Id, team2Id] = await postTeams(server, 2);
    const created = await server.request('POST', '/api/matches', {
      body: { team1Id, team2Id, format: 'bo1', maps: ['de_mirage'], serverId: 'srv-1' },
    });
    expect(created.status).toBe(201);
    const slug = created.body.match.slug as string;
    const holding = await waitFor(
      async () => {
        const res = await server.request('GET', '/api/servers/srv-1/public', { token: null });
        return res.body.server.matchSlug === slug ? res : undefined;
      },
      { message: `srv-1 to hold match ${slug}` },
    );
    const { body: admin } = await server.request('GET', '/api/servers/srv-1');
    for (const field of ['host', 'port', 'serverPassword', 'hostnameFormat', 'plugin', 'setup']) {
      expect(holding.body.server).not.toHaveProperty(field);
    }
    expect(holding.text).not.toContain(String(admin.server.port));
  });

  it('answers 404 for an unknown server', async () => {
    const res = await server.request('GET', '/api/servers/nowhere/public', { token: null });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
