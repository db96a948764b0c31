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

const matchOf = async (slug: string) => (await server.request('GET', `/api/matches/${slug}`)).body.match;

describe('a forced correction reaching a match on a server (decision 38)', () => {
  it('blocks while the final is loaded, then with force ends it on its server and repairs it', async () => {
    const teamIds = await postTeams(server, 4);
    const created = await server.request('POST', '/api/tournament', {
      body: { name: 'Server Cup', type: 'single_elimination', teamIds, settings: { veto: false } },
    });
    expect(created.status).toBe(201);
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    for (const slug of ['r1-m1', 'r1-m2']) {
      await server.request('POST', `/api/matches/${slug}/winner`, { body: { winner: 'team1' } });
    }
    // Slow game seconds: the final stays loaded while the test corrects its semi-final.
    const [fake] = await addFakeServers(server, 1, fakes, { msPerGameSecond: 30 });
    await waitFor(async () => ((await matchOf('final')).status === 'loaded' ? true : undefined), {
      message: 'the final to be loaded on srv-1',
    });
    // Until srv-1 fetched its config the final is only on its way there, and a stop leaves the plugin's
    // queue alone instead of ending a match (match-controls/stop.ts).
    await waitFor(() => (fake!.loads.some((l) => l.result === 'loaded') ? true : undefined), {
      message: 'srv-1 to fetch the final',
    });

    const semi = await matchOf('r1-m1');
    const blocked = await server.request('POST', '/api/matches/r1-m1/correction', {
      body: { winner: 'team2' },
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.details).toEqual([{ path: 'final', message: 'Final is loaded' }]);

    const before = fake!.commands.length;
    const forced = await server.request('POST', '/api/matches/r1-m1/correction', {
      body: { winner: 'team2', force: true },
    });
    expect(forced.status).toBe(200);
    expect(forced.body.reset).toEqual(['final']);
    await waitFor(
      async () => (fake!.commands.slice(before).some((c) => c.startsWith('css_endmatch')) ? true : undefined),
      { message: 'css_endmatch on srv-1' },
    );
    const final = await matchOf('final');
    expect(final.team1.id).toBe(semi.team2.id);
    expect(final.winnerId).toBeNull();
  });
});
