import { FakeGameServer } from '../fakes/index.js';
import type { FakeGameServerOptions } from '../fakes/index.js';
import { adminApi } from './matchday.js';

export const RCON_PASSWORD = 'rcon-password-match-day';
const fakes: FakeGameServer[] = [];

/** Stops the fake game servers a test started (its `afterEach`). */
export async function stopFakes(): Promise<void> {
  await Promise.all(fakes.splice(0).map((f) => f.stop()));
}

/** Starts a fake game server with fast game seconds, stopped by `stopFakes`. */
export async function startFake(script?: FakeGameServerOptions['script']): Promise<FakeGameServer> {
  const fake = new FakeGameServer({
    password: RCON_PASSWORD,
    // Rounds of about three seconds: the score moves while the page is watched.
    msPerGameSecond: 30,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    script,
  });
  fakes.push(fake);
  await fake.start();
  return fake;
}

/** Adds `fake` to Matchday as server `lan-1` ("LAN 1"). */
export async function addLan1(url: string, fake: FakeGameServer): Promise<void> {
  await adminApi(url, 'POST', '/api/servers', {
    id: 'lan-1',
    name: 'LAN 1',
    host: '127.0.0.1',
    port: fake.rconPort,
    rconPassword: RCON_PASSWORD,
  });
}

/** Server `lan-1` ("LAN 1"), configured, playing one map 13-9 in slow rounds (`seed` picks the round events). */
export async function lan1PlayingOneMap(url: string, seed = 3): Promise<FakeGameServer> {
  const fake = await startFake({
    seed,
    pace: { round: [100, 100], playerConnect: 1, playerReady: 1 },
    maps: [{ score: [13, 9] }],
  });
  await addLan1(url, fake);
  await fake.waitForEvent('server_configured');
  return fake;
}

/** `lan1PlayingOneMap`, and teams Alpha and Bravo of two players (matches need `teamSize: 2`). */
export async function serverAndTeams(url: string, seed = 3): Promise<FakeGameServer> {
  const fake = await lan1PlayingOneMap(url, seed);
  for (const [id, name, tag, first] of [
    ['alpha', 'Alpha', 'ALP', 1],
    ['bravo', 'Bravo', 'BRV', 6],
  ] as const) {
    const players = [0, 1].map((i) => ({
      platformId: String(76561198000000000n + BigInt(first + i)),
      name: `${id}${i}`,
    }));
    await adminApi(url, 'POST', '/api/teams', { id, name, tag, players });
  }
  return fake;
}

/** A manual bo1 on de_mirage without veto between Alpha and Bravo of `serverAndTeams`: lan-1 plays it. */
export async function alphaBravoBo1(url: string): Promise<{ slug: string; label: string }> {
  const { match } = await adminApi(url, 'POST', '/api/matches', {
    team1Id: 'alpha',
    team2Id: 'bravo',
    format: 'bo1',
    veto: false,
    maps: ['de_mirage'],
    teamSize: 2,
  });
  return match;
}
