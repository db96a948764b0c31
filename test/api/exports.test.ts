import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../shared/domain/csv.js';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';

let server: TestServer;
const teamIds: string[] = [];
const pid = (team: number, i: number) => String(76561198000000000n + BigInt(700 + team * 10 + i));
const CHAT_ID = '555000111222333444';
let joinCode = '';
let tournamentId = 0;
let final: { slug: string; matchid: number };

/** Sends an event as the plugin does (compact JSON, `event` last, the server token). */
async function post(slug: string, body: Record<string, unknown>) {
  const { event, ...rest } = body;
  const res = await server.request('POST', `/api/events/${slug}`, {
    token: null,
    body: JSON.stringify({ ...rest, event }),
    headers: { 'Content-Type': 'application/json', 'X-Plugin-Token': TOKENS.server },
  });
  expect(res.status).toBe(200);
}

const side = (team: number, score: number, kills: number) => ({
  series_score: 0,
  score,
  score_ct: 0,
  score_t: 0,
  players: [
    {
      steamid: pid(team, 1),
      name: `ingame ${team}`,
      stats: { kills, deaths: 3, damage: 900, headshot_kills: 2, rounds_played: 20, mvp: team === 1 ? 4 : 1 },
    },
  ],
  id: '',
  name: '',
});
/** The last round of a map: its round_end (the players' map totals) and its map_result. */
async function playMap(map: number, t1: number, t2: number) {
  const winner = { side: '2', team: t1 > t2 ? 'team1' : 'team2' };
  await post(final.slug, {
    reason: 9,
    winner,
    team1: side(1, t1, 20 + map),
    team2: side(2, t2, 10),
    round_time: 0,
    round_number: t1 + t2,
    map_number: map,
    matchid: final.matchid,
    event: 'round_end',
  });
  await post(final.slug, {
    winner,
    team1: { ...side(1, t1, 0), players: [] },
    team2: { ...side(2, t2, 0), players: [] },
    map_number: map,
    matchid: final.matchid,
    event: 'map_result',
  });
}

beforeAll(async () => {
  server = await startTestServer();
  // Names a spreadsheet must keep intact: a comma and quotes, an umlaut, and one that starts like a formula.
  const teams = [
    { name: 'Müller, "Die Ersten"', tag: 'MÜL', players: [{ platformId: pid(1, 1), name: 'Jörg' }] },
    { name: '=HYPERLINK("x")', tag: 'EQ', players: [{ platformId: pid(2, 1), name: '+plus' }] },
  ];
  for (const body of teams) {
    const res = await server.request('POST', '/api/teams', { body });
    expect(res.status).toBe(201);
    teamIds.push(res.body.team.id);
  }
  const player = await server.request('PUT', `/api/players/${pid(1, 1)}`, { body: { chatId: CHAT_ID } });
  expect(player.status).toBe(200);
  joinCode = (await server.request('GET', `/api/teams/${teamIds[0]}`)).body.team.joinCode;
  expect(joinCode).toEqual(expect.any(String));

  const created = await server.request('POST', '/api/tournament', {
    body: {
      name: 'Winter LAN 2026',
      type: 'single_elimination',
      format: 'bo3',
      teamIds,
      settings: { veto: false },
    },
  });
  expect(created.status).toBe(201);
  tournamentId = created.body.tournament.id;
  expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(200);
  final = (await server.request('GET', '/api/matches')).body.matches[0];
  await playMap(0, 13, 7);
  await playMap(1, 13, 11);
  const decided = await server.request('POST', `/api/matches/${final.slug}/winner`, {
    body: { winner: 'team1' },
  });
  expect(decided.status).toBe(200);
});
afterAll(async () => {
  await server.stop();
});

const exportUrl = (what: string) => `/api/tournaments/${tournamentId}/export.csv?what=${what}`;

describe('GET /api/tournaments/:id/export.json', () => {
  it('holds teams, stages, matches with maps and scores, standings and player statistics, for anyone', async () => {
    const res = await server.request('GET', `/api/tournaments/${tournamentId}/export.json`, { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="winter-lan-2026-export.json"');
    const body = res.body;
    expect(body.tournament).toMatchObject({
      id: tournamentId,
      name: 'Winter LAN 2026',
      status: 'completed',
      winner: { id: teamIds[0], name: 'Müller, "Die Ersten"' },
    });
    expect(body.teams).toEqual([
      {
        id: teamIds[0],
        name: 'Müller, "Die Ersten"',
        tag: 'MÜL',
        players: [{ platformId: pid(1, 1), name: 'Jörg' }],
      },
      {
        id: teamIds[1],
        name: '=HYPERLINK("x")',
        tag: 'EQ',
        players: [{ platformId: pid(2, 1), name: '+plus' }],
      },
    ]);
    expect(body.stages).toEqual([
      { id: 'main', type: 'single_elimination', format: 'bo3', status: 'completed' },
    ]);
    expect(body.matches).toHaveLength(1);
    expect(body.matches[0]).toMatchObject({
      slug: final.slug,
      status: 'completed',
      winnerId: teamIds[0],
      bye: false,
      maps: [
        { number: 0, name: expect.any(String), team1Score: 13, team2Score: 7, winner: 'team1' },
        { number: 1, name: expect.any(String), team1Score: 13, team2Score: 11, winner: 'team1' },
      ],
    });
    expect(body.standings.map((s: { teamId: string; rank: number }) => [s.rank, s.teamId])).toEqual([
      [1, teamIds[0]],
      [2, teamIds[1]],
    ]);
    expect(body.players.map((p: { platformId: string }) => p.platformId)).toEqual([pid(1, 1), pid(2, 1)]);
    expect(body.players[0]).toMatchObject({ kills: 41, maps: 2, matches: 1, teamId: teamIds[0] });
    expect(body.mvp).toBe(pid(1, 1));
  });

  it('shows nothing private: no join code, no chat id, no server, no token', async () => {
    const res = await server.request('GET', `/api/tournaments/${tournamentId}/export.json`, { token: null });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(joinCode);
    expect(res.text).not.toContain(CHAT_ID);
    for (const key of ['joinCode', 'chatId', 'serverId', 'password', 'token', 'demo']) {
      expect(res.text).not.toContain(`"${key}"`);
    }
  });

  it('answers 404 for another tournament and 400 for an id that is not one', async () => {
    const other = await server.request('GET', `/api/tournaments/${tournamentId + 1}/export.json`, {
      token: null,
    });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const bad = await server.request('GET', '/api/tournaments/abc/export.json', { token: null });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/tournaments/:id/export.csv', () => {
  it('results: a byte-order mark, a header row, quoting, formulas defused, a file name', async () => {
    const res = await server.request('GET', exportUrl('results'), { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="winter-lan-2026-results.csv"');
    const bytes = new Uint8Array(await (await fetch(server.url + exportUrl('results'))).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text.split('\r\n')[0]).toBe(
      'stage,group,round,match,team1,team2,team1Score,team2Score,winner,format,maps,completedAt',
    );
    // The quoted name keeps its comma and doubles its quotes; the formula-like name starts with an apostrophe.
    expect(res.text).toContain('"Müller, ""Die Ersten"""');
    expect(res.text).toContain(`"'=HYPERLINK(""x"")"`);
    const { records } = readCsv(res.text);
    expect(records).toHaveLength(2);
    const [stage, group, round, , team1, team2, s1, s2, winner, format, maps, completedAt] =
      records[1]!.fields;
    expect([stage, group, round, team1, team2, s1, s2, winner, format]).toEqual([
      'main',
      '',
      '1',
      'Müller, "Die Ersten"',
      `'=HYPERLINK("x")`,
      '2',
      '0',
      'Müller, "Die Ersten"',
      'bo3',
    ]);
    expect(maps).toMatch(/^de_\w+ 13:7 \| de_\w+ 13:11$/);
    expect(completedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('standings and players', async () => {
    const standings = readCsv((await server.request('GET', exportUrl('standings'), { token: null })).text);
    expect(standings.records.map((r) => r.fields)).toEqual([
      ['rank', 'name', 'tag', 'id', 'wins', 'losses', 'draws', 'buchholz', 'roundDifference'],
      ['1', 'Müller, "Die Ersten"', 'MÜL', teamIds[0], '1', '0', '0', expect.any(String), expect.any(String)],
      ['2', `'=HYPERLINK("x")`, 'EQ', teamIds[1], '0', '1', '0', expect.any(String), expect.any(String)],
    ]);
    const players = readCsv((await server.request('GET', exportUrl('players'), { token: null })).text);
    expect(players.records[0]!.fields.slice(0, 6)).toEqual([
      'platformId',
      'name',
      'team',
      'matches',
      'maps',
      'kills',
    ]);
    expect(players.records[1]!.fields.slice(0, 6)).toEqual([
      pid(1, 1),
      'Jörg',
      'Müller, "Die Ersten"',
      '1',
      '2',
      '41',
    ]);
    expect(players.records[2]!.fields.slice(0, 3)).toEqual([pid(2, 1), "'+plus", `'=HYPERLINK("x")`]);
  });

  it('refuses an unknown table with 400 naming `what`, and another tournament with 404', async () => {
    for (const url of [`/api/tournaments/${tournamentId}/export.csv`, exportUrl('teams')]) {
      const res = await server.request('GET', url, { token: null });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.details[0].path).toBe('what');
    }
    const other = await server.request(
      'GET',
      `/api/tournaments/${tournamentId + 7}/export.csv?what=results`,
      {
        token: null,
      },
    );
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('NOT_FOUND');
  });
});
