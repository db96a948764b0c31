import { afterEach, describe, expect, it } from 'vitest';
import { FakeGameServer } from '../fakes/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const RCON_PASSWORD = 'rcon-password-play';
let matchday: TestServer | undefined;
const fakes: FakeGameServer[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.stop()));
  await matchday?.stop();
  matchday = undefined;
});

const playerOf = (team: number, i: number) => ({
  platformId: String(76561198000000000n + BigInt(team * 10 + i)),
  name: `t${team}p${i}`,
});

async function addTeams(server: TestServer, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let team = 1; team <= count; team++) {
    const res = await server.request('POST', '/api/teams', {
      body: {
        id: `team${team}`,
        name: `Team ${team}`,
        tag: `T${team}`,
        players: [1, 2].map((i) => playerOf(team, i)),
      },
    });
    expect(res.status).toBe(201);
    ids.push(res.body.team.id);
  }
  return ids;
}

/** Fake game servers added to Matchday, set up over RCON and verified by their plugin's hello. */
async function addServers(server: TestServer, count: number): Promise<FakeGameServer[]> {
  const added: FakeGameServer[] = [];
  for (let i = 1; i <= count; i++) {
    const fake = new FakeGameServer({
      password: RCON_PASSWORD,
      msPerGameSecond: 0.02,
      bootstrapDebounceMs: 20,
      serverHealthIntervalSeconds: 0,
      demoSizeBytes: 64 * 1024,
    });
    fakes.push(fake);
    await fake.start();
    const res = await server.request('POST', '/api/servers', {
      body: {
        id: `srv-${i}`,
        name: `srv-${i}`,
        host: '127.0.0.1',
        port: fake.rconPort,
        rconPassword: RCON_PASSWORD,
      },
    });
    expect(res.status).toBe(201);
    await fake.waitForEvent('server_configured', (p) => p.server_id === `srv-${i}`);
    added.push(fake);
  }
  return added;
}

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a tournament played by itself on fake game servers', () => {
  it('8-team single elimination bo1 on 4 servers in simulation: started once, plays to a champion', async () => {
    matchday = await startTestServer();
    const teamIds = await addTeams(matchday, 8);
    const servers = await addServers(matchday, 4);
    expect(
      (
        await matchday.request('PUT', '/api/settings', {
          body: { simulateMatches: true, simulationTimescale: 10 },
        })
      ).status,
    ).toBe(200);
    await matchday.request('POST', '/api/tournament', {
      body: {
        name: 'Sim Cup',
        type: 'single_elimination',
        format: 'bo1',
        teamIds,
        settings: { veto: true, maxRounds: 4, overtimeMode: 'disabled_tiebreak' },
      },
    });
    expect((await matchday.request('POST', '/api/tournament/start')).status).toBe(200);

    const done = await until('the champion', async () => {
      const t = (await matchday!.request('GET', '/api/tournament', { token: null })).body.tournament;
      return t.status === 'completed' ? t : undefined;
    });
    expect(teamIds).toContain(done.winner.id);

    const { matches } = (await matchday.request('GET', '/api/tournament/bracket', { token: null })).body;
    expect(matches).toHaveLength(7);
    for (const m of matches) {
      expect(m).toMatchObject({ status: 'completed', veto: { status: 'completed' } });
      expect(m.winnerId).not.toBeNull();
      const board = (await matchday.request('GET', `/api/veto/${m.slug}`, { token: null })).body.veto;
      expect(board.history.map((h: { actionName: string }) => h.actionName)).toEqual([
        ...Array(6).fill('map ban'),
        'side pick',
      ]);
      expect(m.maps).toHaveLength(1);
      expect(m.maps[0].name).toBe(board.maps[0].map);
    }
    // Every match's config was fetched by a server (the load's proof), each exactly once.
    const fetched = servers.flatMap((s) => s.loads.filter((l) => l.outcome === 200).map((l) => l.matchId));
    expect(fetched.sort()).toEqual(matches.map((m: { matchid: number }) => m.matchid).sort());
    // The final is played last, after both semi-finals.
    const final = matches.find((m: { label: string }) => m.label === 'Final');
    for (const semi of matches.filter((m: { round: number }) => m.round === 2)) {
      expect(final.loadedAt).toBeGreaterThanOrEqual(semi.completedAt);
    }
  }, 120_000);
});

describe('GET /api/tournament/allocation-status', () => {
  it('shows players the queue in play order while no server is free', async () => {
    matchday = await startTestServer();
    const teamIds = await addTeams(matchday, 4);
    await matchday.request('POST', '/api/tournament', {
      body: {
        name: 'Queue Cup',
        type: 'single_elimination',
        format: 'bo1',
        teamIds,
        settings: { veto: false },
      },
    });
    await matchday.request('POST', '/api/tournament/start');
    const res = await matchday.request('GET', '/api/tournament/allocation-status', { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, freeServers: 0, nextInQueue: 'r1-m1' });
    expect(
      res.body.waiting.map((w: { slug: string; position: number; reason: string }) => [
        w.slug,
        w.position,
        w.reason,
      ]),
    ).toEqual([
      ['r1-m1', 1, 'no_free_server'],
      ['r1-m2', 2, 'no_free_server'],
    ]);
    expect(res.body.waiting[0].displayStatus).toBe('Waiting for a server');
  });
});
