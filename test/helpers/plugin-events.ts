import { afterAll, beforeAll, expect } from 'vitest';
import { systemClock } from '../../server/clock.js';
import { startTestServer, type TestServer } from './server.js';

// Set by the hooks of usePluginEventsServer(); importers read it as a live binding.
export let server: TestServer;
export const teamIds: string[] = [];

let clockAhead = 0;
/** The server's clock: the system's, plus what `passTime` added (it only moves forward). */
const clock = { now: () => systemClock.now() + clockAhead };
/** Lets `seconds` pass on the server's clock at once (a pause that lasts). */
export function passTime(seconds: number): void {
  clockAhead += seconds;
}

/** Sends an event as the plugin does: compact JSON, `event` last, with the server token. */
export function post(
  sender: string | null,
  body: Record<string, unknown>,
  token: string | null = 'server-token-0123456789',
) {
  const { event, ...rest } = body;
  return server.request('POST', sender ? `/api/events/${sender}` : '/api/events', {
    token: null,
    body: JSON.stringify({ ...rest, event }),
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Plugin-Token': token } : {}) },
  });
}

const side = (score: number, damage = 0) => ({
  series_score: 0,
  score,
  score_ct: 0,
  score_t: 0,
  players: [{ steamid: '76561198000000001', name: 'p', stats: { damage } }],
  id: '',
  name: 'x',
});
export const roundEnd = (
  matchid: number,
  map: number,
  t1: number,
  t2: number,
  damage: [number, number] = [0, 0],
) => ({
  reason: 9,
  winner: { side: '2', team: t1 >= t2 ? 'team1' : 'team2' },
  team1: side(t1, damage[0]),
  team2: side(t2, damage[1]),
  round_time: 0,
  round_number: t1 + t2,
  map_number: map,
  matchid,
  event: 'round_end',
});
export const mapResult = (matchid: number, map: number, t1: number, t2: number) => ({
  winner: { side: '2', team: t1 > t2 ? 'team1' : 'team2' },
  team1: { ...side(t1), players: [] },
  team2: { ...side(t2), players: [] },
  map_number: map,
  matchid,
  event: 'map_result',
});
export const mapEvent = (event: string, matchid: number, map: number) => ({
  map_number: map,
  matchid,
  event,
});
export const roundStarted = (matchid: number, map: number, t1: number, t2: number) => ({
  team1_score: t1,
  team2_score: t2,
  round_number: t1 + t2 + 1,
  map_number: map,
  matchid,
  event: 'round_started',
});
export const seriesEnd = (matchid: number, winner: string, t1: number, t2: number) => ({
  time_until_restore: 10,
  winner: { side: '2', team: winner },
  team1_series_score: t1,
  team2_series_score: t2,
  matchid,
  event: 'series_end',
});
export const storedEvents = async (slug: string) =>
  (await server.request('GET', `/api/matches/${slug}/events`)).body.events as {
    event: string;
    outcome: string;
  }[];

export async function manualMatch(body: Record<string, unknown> = {}) {
  const res = await server.request('POST', '/api/matches', {
    body: {
      team1Id: teamIds[0],
      team2Id: teamIds[1],
      format: 'bo3',
      maps: ['de_dust2', 'de_mirage', 'de_nuke'],
      ...body,
    },
  });
  expect(res.status).toBe(201);
  return res.body.match as { slug: string; matchid: number };
}
export const read = async (slug: string) => (await server.request('GET', `/api/matches/${slug}`)).body.match;

/** One app with four teams for the calling test file: call it once at the top level. */
export function usePluginEventsServer(): void {
  beforeAll(async () => {
    // Another file of the same worker may have used them for its own server.
    teamIds.length = 0;
    clockAhead = 0;
    server = await startTestServer({ clock });
    for (let i = 1; i <= 4; i++) {
      const res = await server.request('POST', '/api/teams', { body: { name: `Team ${i}` } });
      teamIds.push(res.body.team.id);
    }
  });
  afterAll(async () => {
    await server.stop();
  });
}
