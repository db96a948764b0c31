import { FakeGameServer } from '../fakes/index.js';
import { adminApi } from './matchday.js';

const RCON_PASSWORD = 'rcon-password-match-day';
const fakes: FakeGameServer[] = [];

/** Stops the fake game servers a test started (its `afterEach`). */
export async function stopFakes(): Promise<void> {
  await Promise.all(fakes.splice(0).map((f) => f.stop()));
}

/** A fake game server `lan-1` ("LAN 1") playing slow rounds, and teams Alpha and Bravo of two players (matches need `teamSize: 2`). */
export async function serverAndTeams(url: string): Promise<void> {
  const fake = new FakeGameServer({
    password: RCON_PASSWORD,
    // Rounds of about three seconds: the score moves while the page is watched.
    msPerGameSecond: 30,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    script: {
      seed: 3,
      pace: { round: [100, 100], playerConnect: 1, playerReady: 1 },
      maps: [{ score: [13, 9] }],
    },
  });
  fakes.push(fake);
  await fake.start();
  await adminApi(url, 'POST', '/api/servers', {
    id: 'lan-1',
    name: 'LAN 1',
    host: '127.0.0.1',
    port: fake.rconPort,
    rconPassword: RCON_PASSWORD,
  });
  await fake.waitForEvent('server_configured');
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
}
