import { expect } from 'vitest';
import { TOKENS, type TestServer } from './server.js';

/** What the backup tests build and compare: a tournament mid-way, read back over the API. */

export const playerOf = (i: number) => String(76561198000000000n + BigInt(i));

/** Eight teams, a game server, changed settings, a single-elimination tournament with three results in. */
export async function tournamentMidway(server: TestServer): Promise<void> {
  const teamIds: string[] = [];
  for (let i = 1; i <= 8; i++) {
    const res = await server.request('POST', '/api/teams', {
      body: { name: `Team ${i}`, tag: `T${i}`, players: [{ platformId: playerOf(i), name: `player ${i}` }] },
    });
    teamIds.push(res.body.team.id);
  }
  const added = await server.request('POST', '/api/servers', {
    body: {
      id: 'lan-1',
      name: 'LAN 1',
      host: '127.0.0.1',
      port: 27015,
      rconPassword: 'rcon-password-secret',
    },
  });
  expect(added.status).toBe(201);
  expect(
    (await server.request('PUT', '/api/settings', { body: { defaultMaxRounds: 16, demoRecording: false } }))
      .status,
  ).toBe(200);
  expect(
    (
      await server.request('POST', '/api/tournament', {
        body: { name: 'Backup Cup', type: 'single_elimination', teamIds, settings: { veto: false } },
      })
    ).status,
  ).toBe(201);
  expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(200);
  for (const [slug, winner] of [
    ['r1-m1', 'team1'],
    ['r1-m2', 'team2'],
    ['r1-m3', 'team1'],
  ] as const) {
    expect((await server.request('POST', `/api/matches/${slug}/winner`, { body: { winner } })).status).toBe(
      200,
    );
  }
}

/** A match's ETA counts from the clock, not from what a backup holds: left out of the comparison. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of several routes
const withoutEtas = (body: any) =>
  Array.isArray(body.matches)
    ? { ...body, matches: body.matches.map(({ eta: _eta, ...m }: { eta?: unknown }) => m) }
    : body;

/** Everything an organiser would notice missing, read over the API. */
export async function everything(server: TestServer) {
  const read = async (urlPath: string) => {
    const res = await server.request('GET', urlPath);
    expect(res.status, urlPath).toBe(200);
    return withoutEtas(res.body);
  };
  const tournament = (await read('/api/tournament')).tournament;
  const ratings = [];
  for (let i = 1; i <= 8; i++) {
    ratings.push((await read(`/api/players/${playerOf(i)}/rating-history`)).history);
  }
  return {
    teams: await read('/api/teams'),
    players: await read('/api/players'),
    servers: await read('/api/servers'),
    settings: await read('/api/settings'),
    maps: await read('/api/maps'),
    tournament,
    bracket: await read('/api/tournament/bracket'),
    matches: await read('/api/matches'),
    leaderboard: await read(`/api/tournament/${tournament.id}/leaderboard`),
    ratings,
  };
}

export async function download(server: TestServer, urlPath = '/api/backup'): Promise<Buffer> {
  const res = await fetch(server.url + urlPath, { headers: { Authorization: `Bearer ${TOKENS.admin}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

export async function upload(
  server: TestServer,
  bytes: Buffer | string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}/api/backup/restore`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${TOKENS.admin}`,
      'Content-Type': 'application/vnd.sqlite3',
      ...headers,
    },
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}
