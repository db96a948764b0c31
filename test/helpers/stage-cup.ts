import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startTestServer, type TestServer } from './server.js';

const playerOf = (i: number) => String(76561198100000000n + BigInt(i));

/** The default pool Matchday creates on first start. */
export const POOL = [
  'de_ancient',
  'de_anubis',
  'de_dust2',
  'de_inferno',
  'de_mirage',
  'de_nuke',
  'de_overpass',
];

export interface StageMatch {
  slug: string;
  label: string;
  stage: string | null;
  group: string | null;
  bracket: string;
  status: string;
  format: string;
  settings: { matchFormat: string };
  mapPool: string[];
  team1: { id: string } | null;
  team2: { id: string } | null;
  team1Placeholder: string | null;
  team2Placeholder: string | null;
  queuePosition: number | null;
  winnerId: string | null;
}

export const groups = (over: Record<string, unknown> = {}) => ({
  kind: 'groups',
  type: 'round_robin',
  groupCount: 2,
  advancePerGroup: 2,
  ...over,
});
export const playoffs = (over: Record<string, unknown> = {}) => ({
  kind: 'playoffs',
  type: 'single_elimination',
  ...over,
});
export const paths = (res: { body: { details?: { path: string }[] } }) =>
  (res.body.details ?? []).map((d) => d.path);

export interface GroupTable {
  name: string;
  teamIds: string[];
  standings: {
    teamId: string;
    rank: number;
    wins: number;
    losses: number;
    byes: number;
    qualified: boolean;
  }[];
}

/**
 * A test server with teams `s1`..`s8` (seed order), a map `de_train` and a disabled `de_cache`, the
 * tournament deleted before each test; and helpers to create and play a two-stage tournament on it.
 */
export function stageCup() {
  let running: TestServer;
  const teamIds: string[] = [];
  const server = { request: (...args: Parameters<TestServer['request']>) => running.request(...args) };

  beforeAll(async () => {
    running = await startTestServer();
    for (let i = 1; i <= 8; i++) {
      const res = await server.request('POST', '/api/teams', {
        body: { id: `s${i}`, name: `Seed ${i}`, players: [{ platformId: playerOf(i), name: `player ${i}` }] },
      });
      teamIds.push(res.body.team.id);
    }
    await server.request('POST', '/api/maps', { body: { id: 'de_train', displayName: 'Train' } });
    await server.request('POST', '/api/maps', { body: { id: 'de_cache', displayName: 'Cache' } });
    await server.request('PUT', '/api/maps/de_cache', { body: { enabled: false } });
  });
  afterAll(async () => {
    await running.stop();
  });
  beforeEach(async () => {
    if ((await server.request('GET', '/api/tournament')).status === 200) {
      expect((await server.request('DELETE', '/api/tournament')).status).toBe(200);
    }
  });

  const create = (body: Record<string, unknown> = {}) =>
    server.request('POST', '/api/tournament', {
      body: {
        name: 'Two Stage Cup',
        type: 'groups_playoffs',
        teamIds,
        settings: { veto: false },
        stages: [groups(), playoffs()],
        ...body,
      },
    });
  async function bracket(): Promise<{
    matches: StageMatch[];
    stages: [{ status: string; groups: GroupTable[] }, { status: string }];
    tournament: Record<string, unknown>;
    swissStandings: unknown[];
  }> {
    return (await server.request('GET', '/api/tournament/bracket', { token: null })).body;
  }
  const byLabel = async (label: string) => (await bracket()).matches.find((m) => m.label === label)!;
  const seed = (team: { id: string } | null) => Number(team!.id.slice(1));

  /** Decides every open match of a stage with both teams known: the better seed wins. */
  async function playStage(stage: string, except: string[] = []): Promise<void> {
    for (;;) {
      const open = (await bracket()).matches.filter(
        (m) =>
          m.stage === stage && m.team1 && m.team2 && m.status !== 'completed' && !except.includes(m.label),
      );
      if (open.length === 0) {
        return;
      }
      for (const m of open) {
        const winner = seed(m.team1) < seed(m.team2) ? 'team1' : 'team2';
        const res = await server.request('POST', `/api/matches/${m.slug}/winner`, { body: { winner } });
        expect(res.status, m.label).toBe(200);
      }
    }
  }

  return { server, teamIds, create, bracket, byLabel, seed, playStage };
}
