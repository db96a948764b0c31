import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startTestServer, type TestServer } from './server.js';

/**
 * One Matchday with `count` teams (`team(i)` is the body of `POST /api/teams`, i from 0) for a file whose
 * tests each start their tournament anew: the last one is deleted before every test. `use` gets the server
 * and the team ids once they exist.
 */
export function teamsForEachTournament(
  count: number,
  team: (i: number) => Record<string, unknown>,
  use: (server: TestServer, teamIds: string[]) => void,
): void {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const teamIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await server.request('POST', '/api/teams', { body: team(i) });
      expect(res.status).toBe(201);
      teamIds.push(res.body.team.id);
    }
    use(server, teamIds);
  });
  afterAll(async () => {
    await server.stop();
  });
  beforeEach(async () => {
    if ((await server.request('GET', '/api/tournament')).status === 200) {
      expect((await server.request('DELETE', '/api/tournament')).status).toBe(200);
    }
  });
}
