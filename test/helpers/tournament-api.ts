import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startTestServer, type TestServer } from './server.js';

// Set by the hooks of useTournamentServer(); importers read it as a live binding.
export let server: TestServer;
export const teamIds: string[] = [];
export const playerOf = (i: number) => String(76561198000000000n + BigInt(i));

export const create = (body: Record<string, unknown>) =>
  server.request('POST', '/api/tournament', {
    body: { name: 'LAN Cup', type: 'single_elimination', teamIds, settings: { veto: false }, ...body },
  });

export async function matchCount(): Promise<number> {
  return (await server.request('GET', '/api/matches')).body.count;
}

/**
 * One app with four teams for the calling test file; each test starts with no tournament and no
 * match. Call it once at the top level.
 */
export function useTournamentServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    // Another file of the same worker may have filled it for its own server.
    teamIds.length = 0;
    for (let i = 1; i <= 4; i++) {
      const res = await server.request('POST', '/api/teams', {
        body: { name: `Team ${i}`, players: [{ platformId: playerOf(i), name: `player ${i}` }] },
      });
      teamIds.push(res.body.team.id);
    }
  });
  afterAll(async () => {
    await server.stop();
  });
  // Every test starts with no tournament and no match, whatever the tests before it left.
  beforeEach(async () => {
    if ((await server.request('GET', '/api/tournament')).status === 200) {
      expect((await server.request('DELETE', '/api/tournament')).status).toBe(200);
    }
    for (const { slug } of (await server.request('GET', '/api/matches')).body.matches as { slug: string }[]) {
      expect((await server.request('DELETE', `/api/matches/${slug}`)).status).toBe(200);
    }
  });
}
