import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGameServer } from '../fakes/index.js';
import { Browser } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { addFakeServers, playerOf, postTeams } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

let server: TestServer;
const fakes: FakeGameServer[] = [];
let slug: string;
/** A player of team 3 (not in the match) is the caster; a player of team 1 is not. */
const CASTER = playerOf(3, 1);
const PLAYER = playerOf(1, 1);

async function signedIn(platformId: string, teamId: string): Promise<Browser> {
  const browser = new Browser(server);
  const { joinCode } = (await server.request('GET', `/api/teams/${teamId}`)).body.team;
  const res = await browser.request('POST', '/api/auth/lan', { body: { platformId, teamCode: joinCode } });
  expect(res.status).toBe(200);
  return browser;
}

beforeAll(async () => {
  server = await startTestServer();
  // Slow game seconds: the match stays on the server while the test reads it.
  await addFakeServers(server, 1, fakes, { msPerGameSecond: 30 });
  const [team1Id, team2Id] = await postTeams(server, 3);
  const saved = await server.request('PUT', '/api/settings', {
    body: { casters: [{ platformId: CASTER.platformId, name: 'The Caster' }] },
  });
  expect(saved.status).toBe(200);
  const created = await server.request('POST', '/api/matches', {
    body: { team1Id, team2Id, format: 'bo1', maps: ['de_mirage'], serverId: 'srv-1' },
  });
  expect(created.status).toBe(201);
  slug = created.body.match.slug;
  await waitFor(
    async () =>
      ['loaded', 'live'].includes((await server.request('GET', `/api/matches/${slug}`)).body.match.status),
    { message: `match ${slug} to be on srv-1` },
  );
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.stop()));
  await server.stop();
});

describe('GET /api/matches/:slug/spectate (decision 49)', () => {
  it('gives a caster the connect object and the GOTV read over RCON', async () => {
    const caster = await signedIn(CASTER.platformId, 'team3');
    const res = await caster.request('GET', `/api/matches/${slug}/spectate`);
    expect(res.status).toBe(200);
    const { body: admin } = await server.request('GET', '/api/servers/srv-1');
    const { host, port, serverPassword } = admin.server;
    // The server has no password: the connect line and link leave it out.
    expect(serverPassword).toBe('');
    expect(res.body).toEqual({
      success: true,
      connect: {
        host,
        port,
        password: serverPassword,
        platform_url: `steam://connect/${host}:${port}`,
        console: `connect ${host}:${port}`,
      },
      // The fake's engine defaults: GOTV on for the match, port 27020, no password.
      gotv: { host, port: 27020, password: null },
    });
    expect(fakes[0]!.commands).toEqual(expect.arrayContaining(['tv_port', 'tv_password']));
  });

  it('answers an admin the same, and refuses players, read-only tokens and anonymous callers', async () => {
    const admin = await server.request('GET', `/api/matches/${slug}/spectate`);
    expect(admin.status).toBe(200);
    expect(admin.body.gotv).toMatchObject({ port: 27020 });

    const player = await signedIn(PLAYER.platformId, 'team1');
    const refused = await player.request('GET', `/api/matches/${slug}/spectate`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(refused.text).not.toContain('password');

    expect((await server.request('GET', `/api/matches/${slug}/spectate`, { token: 'readonly' })).status).toBe(
      403,
    );
    expect((await server.request('GET', `/api/matches/${slug}/spectate`, { token: null })).status).toBe(401);
  });

  it('answers nulls for a match no server holds, and 404 for an unknown match', async () => {
    const waiting = await server.request('POST', '/api/matches', {
      body: { team1Id: 'team1', team2Id: 'team3', format: 'bo1', maps: ['de_inferno'] },
    });
    expect(waiting.status).toBe(201);
    const res = await server.request('GET', `/api/matches/${waiting.body.match.slug}/spectate`);
    expect(res.body).toEqual({ success: true, connect: null, gotv: null });
    expect((await server.request('GET', '/api/matches/nope/spectate')).status).toBe(404);
  });
});
