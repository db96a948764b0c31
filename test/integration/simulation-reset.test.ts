import { afterEach, describe, expect, it } from 'vitest';
import { FakeGameServer } from '../fakes/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { PLAY_WAIT } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const RESET = '/api/tournament/dev/reset-simulation-state';
const RCON_PASSWORD = 'rcon-password-sim-reset';
let matchday: TestServer | undefined;
let fake: FakeGameServer | undefined;

afterEach(async () => {
  await fake?.stop();
  fake = undefined;
  await matchday?.stop();
  matchday = undefined;
});

const platformId = (team: number, i: number) => String(76561198000000000n + BigInt(team * 10 + i));

async function addTeams(server: TestServer, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `team${i + 1}`);
  for (const [t, id] of ids.entries()) {
    const players = [1, 2].map((i) => ({ platformId: platformId(t + 1, i), name: `p${t + 1}-${i}` }));
    expect((await server.request('POST', '/api/teams', { body: { id, name: id, players } })).status).toBe(
      201,
    );
  }
  return ids;
}

const loadedMatch = (server: TestServer) =>
  waitFor(
    async () =>
      (
        (await server.request('GET', '/api/matches')).body.matches as {
          slug: string;
          matchid: number;
          status: string;
        }[]
      ).find((m) => m.status === 'loaded'),
    { ...PLAY_WAIT, message: 'a loaded match' },
  );

const events = async (server: TestServer, slug: string) =>
  (await server.request('GET', `/api/matches/${slug}/events`)).body.events as {
    event: string;
    matchid: number | null;
  }[];

const ratings = async (server: TestServer) =>
  ((await server.request('GET', '/api/players')).body.players as { platformId: string; rating: number }[])
    .map((p) => `${p.platformId}:${p.rating}`)
    .sort();

describe('POST /api/tournament/dev/reset-simulation-state', () => {
  it('deletes every match and its ratings, stops the server, keeps teams, servers, maps and the setup', async () => {
    matchday = await startTestServer();
    const teamIds = await addTeams(matchday, 6);
    const ratingsBefore = await ratings(matchday);
    const maps = (await matchday.request('GET', '/api/maps')).body;

    fake = new FakeGameServer({
      password: RCON_PASSWORD,
      msPerGameSecond: 40,
      bootstrapDebounceMs: 20,
      serverHealthIntervalSeconds: 0,
      // Players connect but never ready: the loaded match stays in warmup, with events stored.
      script: { seed: 5, readyWhen: new Promise(() => {}), maps: [{ score: [13, 9] }] },
    });
    await fake.start();
    await matchday.request('POST', '/api/servers', {
      body: {
        id: 'srv-1',
        name: 'srv-1',
        host: '127.0.0.1',
        port: fake.rconPort,
        rconPassword: RCON_PASSWORD,
      },
    });
    await fake.waitForEvent('server_configured', undefined, 30_000);

    const setup = {
      name: 'LAN Cup',
      type: 'single_elimination',
      format: 'bo1',
      teamIds: teamIds.slice(0, 4),
      settings: { veto: false, teamSize: 2 },
    };
    expect((await matchday.request('POST', '/api/tournament', { body: setup })).status).toBe(201);
    const settingsBefore = (await matchday.request('GET', '/api/tournament')).body.tournament.settings;
    expect((await matchday.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const loaded = await loadedMatch(matchday);
    await waitFor(
      async () => (await events(matchday!, loaded.slug)).some((e) => e.event === 'player_connect'),
      { ...PLAY_WAIT, message: 'its players connected' },
    );

    // A manual match between the other two teams, decided by an admin: ratings move.
    const manual = await matchday.request('POST', '/api/matches', {
      body: { team1Id: teamIds[4], team2Id: teamIds[5], format: 'bo1', veto: false, maps: ['de_mirage'] },
    });
    const decided = await matchday.request('POST', `/api/matches/${manual.body.match.slug}/winner`, {
      body: { winner: 'team1' },
    });
    expect(decided.status).toBe(200);
    expect(await ratings(matchday)).not.toEqual(ratingsBefore);

    const res = await matchday.request('POST', RESET);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, stoppedServers: ['srv-1'] });
    expect(res.body.deletedMatches).toBeGreaterThanOrEqual(4);
    expect(res.body.tournament).toMatchObject({ status: 'setup', teamIds: setup.teamIds, startedAt: null });

    expect((await matchday.request('GET', '/api/matches')).body.count).toBe(0);
    expect(await ratings(matchday)).toEqual(ratingsBefore);
    const history = await matchday.request('GET', `/api/players/${platformId(5, 1)}/rating-history`);
    expect(history.body.history).toEqual([]);
    expect((await matchday.request('GET', '/api/teams')).body.count).toBe(6);
    expect((await matchday.request('GET', '/api/maps')).body).toEqual(maps);
    expect((await matchday.request('GET', '/api/tournament')).body.tournament.settings).toEqual(
      settingsBefore,
    );
    expect(fake.commands).toContain('css_endmatch');
    await fake.waitForStatus('idle', 30_000);
    const server = (await matchday.request('GET', '/api/servers/srv-1')).body.server;
    expect(server.availability.activeMatch).toBeNull();

    // The same setup starts again and gets the server; the reused slug shows none of the old events.
    expect((await matchday.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const again = await loadedMatch(matchday);
    expect(again.slug).toBe(loaded.slug);
    expect(again.matchid).not.toBe(loaded.matchid);
    await waitFor(
      async () => (await events(matchday!, again.slug)).some((e) => e.event === 'player_connect'),
      { ...PLAY_WAIT, message: 'its players connected' },
    );
    expect(new Set((await events(matchday, again.slug)).map((e) => e.matchid))).toEqual(
      new Set([again.matchid]),
    );
  }, 60_000);

  it('is refused in production (403 SIMULATION_NOT_ALLOWED) and deletes nothing; admins only', async () => {
    matchday = await startTestServer({ env: { NODE_ENV: 'production' } });
    const teamIds = await addTeams(matchday, 2);
    await matchday.request('POST', '/api/matches', {
      body: { team1Id: teamIds[0], team2Id: teamIds[1], format: 'bo1', veto: false, maps: ['de_mirage'] },
    });

    const refused = await matchday.request('POST', RESET);
    expect([refused.status, refused.body.code]).toEqual([403, 'SIMULATION_NOT_ALLOWED']);
    expect(refused.body.error).toContain('PLUGIN_ENABLE_SIMULATION_IN_PROD');
    expect((await matchday.request('POST', RESET, { token: 'readonly' })).status).toBe(403);
    expect((await matchday.request('POST', RESET, { token: null })).status).toBe(401);
    expect((await matchday.request('GET', '/api/matches')).body.count).toBe(1);
  });
});
