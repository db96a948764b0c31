import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';

let server: TestServer;
const teamIds: string[] = [];
/** Players of this file: team t's player i. */
const pid = (team: number, i: number) => String(76561198000000000n + BigInt(500 + team * 10 + i));

beforeAll(async () => {
  server = await startTestServer();
  for (let t = 1; t <= 2; t++) {
    const res = await server.request('POST', '/api/teams', {
      body: {
        name: `Stats ${t}`,
        players: [1, 2].map((i) => ({ platformId: pid(t, i), name: `s${t}p${i}` })),
      },
    });
    teamIds.push(res.body.team.id);
  }
});
afterAll(async () => {
  await server.stop();
});

/** Sends an event as the plugin does (compact JSON, `event` last, the server token), addressed to the match. */
async function post(slug: string, body: Record<string, unknown>) {
  const { event, ...rest } = body;
  const res = await server.request('POST', `/api/events/${slug}`, {
    token: null,
    body: JSON.stringify({ ...rest, event }),
    headers: { 'Content-Type': 'application/json', 'X-Plugin-Token': TOKENS.server },
  });
  expect(res.status).toBe(200);
  return res.body as { outcome: string };
}

type Figures = { k: number; d: number; hs?: number; dmg: number; mvp?: number };
/** The plugin's StatsPlayer (PROTOCOL.md 2.2): cumulative map totals; keys it never fills stay 0. */
const statsPlayer = (platformId: string, rounds: number, f: Figures) => ({
  steamid: platformId,
  name: `ingame-${platformId.slice(-3)}`,
  stats: {
    kills: f.k,
    deaths: f.d,
    assists: 1,
    damage: f.dmg,
    utility_damage: 5,
    enemies_flashed: 2,
    headshot_kills: f.hs ?? 0,
    rounds_played: rounds,
    '1v1': 1,
    '1v2': 0,
    mvp: f.mvp ?? 0,
  },
});
/** A round_end of map `map`; `players` maps platform ids to their totals (team by the id's team digit). */
function roundEnd(matchid: number, map: number, score: [number, number], players: Record<string, Figures>) {
  const rounds = score[0] + score[1];
  const side = (team: number) => ({
    series_score: 0,
    score: score[team - 1],
    score_ct: 0,
    score_t: 0,
    players: Object.entries(players)
      .filter(([id]) => id.at(-2) === String(team))
      .map(([id, f]) => statsPlayer(id, rounds, f)),
    id: '',
    name: `Stats ${team}`,
  });
  return {
    reason: 9,
    winner: { side: '2', team: 'team1' },
    team1: side(1),
    team2: side(2),
    round_time: 0,
    round_number: rounds,
    map_number: map,
    matchid,
    event: 'round_end',
  };
}
const mapResult = (matchid: number, map: number, score: [number, number]) => ({
  winner: { side: '2', team: score[0] > score[1] ? 'team1' : 'team2' },
  team1: { series_score: 0, score: score[0], score_ct: 0, score_t: 0, players: [], id: '', name: 'Stats 1' },
  team2: { series_score: 0, score: score[1], score_ct: 0, score_t: 0, players: [], id: '', name: 'Stats 2' },
  map_number: map,
  matchid,
  event: 'map_result',
});

async function manualMatch() {
  const res = await server.request('POST', '/api/matches', {
    body: {
      team1Id: teamIds[0],
      team2Id: teamIds[1],
      format: 'bo3',
      maps: ['de_dust2', 'de_mirage', 'de_nuke'],
    },
  });
  expect(res.status).toBe(201);
  return res.body.match as { slug: string; matchid: number };
}
const statsOf = async (slug: string) => {
  const res = await server.request('GET', `/api/matches/${slug}/stats`, { token: null });
  expect(res.status).toBe(200);
  return res.body;
};
const lineOf = (lines: { platformId: string }[], id: string) => lines.find((l) => l.platformId === id);

describe('GET /api/matches/:slug/stats', () => {
  it('answers empty lists before the first round, and 404 for an unknown match', async () => {
    const { slug } = await manualMatch();
    expect(await statsOf(slug)).toEqual({
      success: true,
      final: false,
      maps: [],
      total: { team1: [], team2: [] },
    });
    const missing = await server.request('GET', '/api/matches/no-such-match/stats', { token: null });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('keeps the last applied snapshot: a retry adds nothing, a restore rewinds, a replayed round replaces', async () => {
    const { slug, matchid } = await manualMatch();
    const [a1, a2, b1, b2] = [pid(1, 1), pid(1, 2), pid(2, 1), pid(2, 2)];
    await post(
      slug,
      roundEnd(matchid, 0, [1, 0], {
        [a1]: { k: 2, d: 0, hs: 1, dmg: 180 },
        [a2]: { k: 0, d: 0, dmg: 20 },
        [b1]: { k: 0, d: 1, dmg: 40 },
        [b2]: { k: 0, d: 1, dmg: 0 },
      }),
    );
    const round2 = roundEnd(matchid, 0, [1, 1], {
      [a1]: { k: 3, d: 1, hs: 2, dmg: 260, mvp: 1 },
      [a2]: { k: 0, d: 1, dmg: 60 },
      [b1]: { k: 2, d: 1, hs: 2, dmg: 240, mvp: 1 },
      [b2]: { k: 0, d: 2, dmg: 10 },
    });
    expect((await post(slug, round2)).outcome).toBe('applied');
    // Round 3: a2 has left the server (missing from the snapshot) and keeps their round-2 line.
    await post(
      slug,
      roundEnd(matchid, 0, [2, 1], {
        [a1]: { k: 6, d: 1, hs: 3, dmg: 450, mvp: 2 },
        [b1]: { k: 2, d: 2, hs: 2, dmg: 250, mvp: 1 },
        [b2]: { k: 0, d: 3, dmg: 30 },
      }),
    );
    // A late retry of round 2 (same bytes) changes nothing.
    expect((await post(slug, round2)).outcome).toBe('ignored');

    let stats = await statsOf(slug);
    expect(stats.final).toBe(false);
    expect(stats.maps).toHaveLength(1);
    expect(stats.maps[0]).toMatchObject({ number: 0, name: 'de_dust2', final: false });
    expect(stats.maps[0].team1.map((l: { platformId: string }) => l.platformId)).toEqual([a1, a2]);
    expect(lineOf(stats.maps[0].team1, a1)).toEqual({
      platformId: a1,
      name: 's1p1',
      teamId: teamIds[0],
      kills: 6,
      deaths: 1,
      assists: 1,
      adr: 150,
      hsPercent: 50,
      kd: 6,
      mvps: 2,
      roundsPlayed: 3,
      firstKills: 0,
      clutchesWon: 1,
      utilityDamage: 5,
      enemiesFlashed: 2,
      rating: null,
    });
    expect(lineOf(stats.maps[0].team1, a2)).toMatchObject({ kills: 0, deaths: 1, roundsPlayed: 2, adr: 30 });

    // Backup round02: round 3 is played again and ends differently; its first snapshot is superseded.
    expect(
      (
        await post(slug, {
          round_number: 2,
          filename: `matchzy_${matchid}_0_round02.json`,
          map_number: 0,
          matchid,
          event: 'backup_loaded',
        })
      ).outcome,
    ).toBe('applied');
    stats = await statsOf(slug);
    expect(lineOf(stats.maps[0].team1, a1)).toMatchObject({ kills: 3, deaths: 1, mvps: 1, roundsPlayed: 2 });
    await post(
      slug,
      roundEnd(matchid, 0, [1, 2], {
        [a1]: { k: 3, d: 2, hs: 2, dmg: 270, mvp: 1 },
        [a2]: { k: 0, d: 2, dmg: 60 },
        [b1]: { k: 4, d: 1, hs: 3, dmg: 420, mvp: 2 },
        [b2]: { k: 0, d: 3, dmg: 30 },
      }),
    );
    stats = await statsOf(slug);
    expect(lineOf(stats.maps[0].team1, a1)).toMatchObject({
      kills: 3,
      deaths: 2,
      kd: 1.5,
      adr: 90,
      hsPercent: 67,
    });
    expect(lineOf(stats.maps[0].team2, b1)).toMatchObject({
      kills: 4,
      deaths: 1,
      adr: 140,
      hsPercent: 75,
      mvps: 2,
    });
    // Sorted by kills, then ADR.
    expect(stats.maps[0].team2.map((l: { platformId: string }) => l.platformId)).toEqual([b1, b2]);

    // The map ends (final), the second map runs (provisional); the total sums counts and recomputes ratios.
    await post(slug, mapResult(matchid, 0, [1, 2]));
    await post(slug, { map_number: 1, matchid, event: 'going_live' });
    await post(
      slug,
      roundEnd(matchid, 1, [1, 0], { [a1]: { k: 1, d: 0, hs: 0, dmg: 100 }, [b1]: { k: 0, d: 1, dmg: 30 } }),
    );
    stats = await statsOf(slug);
    expect(
      stats.maps.map((m: { number: number; name: string; final: boolean }) => [m.number, m.name, m.final]),
    ).toEqual([
      [0, 'de_dust2', true],
      [1, 'de_mirage', false],
    ]);
    expect(lineOf(stats.total.team1, a1)).toMatchObject({
      kills: 4,
      deaths: 2,
      roundsPlayed: 4,
      adr: 92.5,
      hsPercent: 50,
      kd: 2,
    });
    expect(lineOf(stats.total.team2, b2)).toMatchObject({ kills: 0, deaths: 3, kd: 0, hsPercent: 0 });
    expect(stats.final).toBe(false);

    // Replaying the whole stored log (restore and replayed rounds included) counts nothing twice.
    const replayed = await server.request('POST', `/api/recovery/replay/${slug}`, { body: {} });
    expect(replayed.status).toBe(200);
    expect(await statsOf(slug)).toEqual(stats);
  });
});

describe('GET /api/players/:platformId/stats and GET /api/tournament/stats', () => {
  it('refuses bad input with 400 and unknown players with 404', async () => {
    const badSort = await server.request('GET', '/api/tournament/stats?sort=deaths', { token: null });
    expect(badSort.status).toBe(400);
    expect(badSort.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(badSort.body.details[0].path).toBe('sort');
    const badMin = await server.request('GET', '/api/tournament/stats?min_maps=-1', { token: null });
    expect(badMin.status).toBe(400);
    expect((await server.request('GET', '/api/tournament/stats?min_maps=two', { token: null })).status).toBe(
      400,
    );
    expect((await server.request('GET', '/api/players/123/stats', { token: null })).status).toBe(400);
    const unknown = await server.request('GET', `/api/players/${pid(9, 9)}/stats`, { token: null });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
  });

  it('sums the current tournament per player, sorts and filters, and names the MVP once completed', async () => {
    const created = await server.request('POST', '/api/tournament', {
      body: {
        name: 'Stats Cup',
        type: 'single_elimination',
        format: 'bo3',
        teamIds,
        settings: { veto: false },
      },
    });
    expect(created.status).toBe(201);
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const listed = (await server.request('GET', '/api/matches')).body.matches as {
      slug: string;
      matchid: number;
      tournamentId: number | null;
    }[];
    const match = listed.find((m) => m.tournamentId !== null)!;
    const [a1, a2, b1, b2] = [pid(1, 1), pid(1, 2), pid(2, 1), pid(2, 2)];
    const none = { k: 0, d: 0, dmg: 0 };
    await post(
      match.slug,
      roundEnd(match.matchid, 0, [1, 0], {
        [a1]: { k: 5, d: 1, hs: 5, dmg: 300, mvp: 1 },
        [a2]: none,
        [b1]: { k: 1, d: 2, dmg: 500, mvp: 3 },
        [b2]: none,
      }),
    );
    await post(match.slug, mapResult(match.matchid, 0, [1, 0]));
    await post(match.slug, { map_number: 1, matchid: match.matchid, event: 'going_live' });
    await post(
      match.slug,
      roundEnd(match.matchid, 1, [0, 1], { [a1]: { k: 1, d: 1, dmg: 100 }, [b1]: { k: 2, d: 0, dmg: 150 } }),
    );

    let res = await server.request('GET', '/api/tournament/stats', { token: null });
    expect(res.status).toBe(200);
    expect(res.body.mvp).toBeNull();
    expect(res.body.players.map((p: { platformId: string }) => p.platformId)).toEqual([a1, b1, a2, b2]);
    expect(res.body.players[0]).toMatchObject({
      kills: 6,
      deaths: 2,
      maps: 2,
      matches: 1,
      adr: 200,
      hsPercent: 83,
      kd: 3,
      teamId: teamIds[0],
    });
    res = await server.request('GET', '/api/tournament/stats?sort=adr&min_maps=2', { token: null });
    expect(
      res.body.players.map((p: { platformId: string }) => [
        p.platformId,
        (p as unknown as { adr: number }).adr,
      ]),
    ).toEqual([
      [b1, 325],
      [a1, 200],
    ]);
    res = await server.request('GET', '/api/tournament/stats?sort=mvps&min_maps=0', { token: null });
    expect(res.body.players[0].platformId).toBe(b1);

    const player = await server.request('GET', `/api/players/${a1}/stats`, { token: null });
    expect(player.status).toBe(200);
    expect(player.body.player).toEqual({ platformId: a1, name: 's1p1' });
    expect(player.body.tournament).toMatchObject({ kills: 6, roundsPlayed: 2, adr: 200 });
    expect(player.body.matches).toContainEqual({
      slug: match.slug,
      label: expect.any(String),
      line: player.body.tournament,
    });

    // A manual match during the tournament: listed on both players' pages, never in the tournament totals.
    const manual = await manualMatch();
    const onlyManual = pid(1, 3);
    await post(
      manual.slug,
      roundEnd(manual.matchid, 0, [1, 0], {
        [a1]: { k: 9, d: 0, dmg: 900 },
        [onlyManual]: { k: 2, d: 1, dmg: 80 },
      }),
    );
    const both = await server.request('GET', `/api/players/${a1}/stats`, { token: null });
    expect(both.body.tournament).toMatchObject({ kills: 6, roundsPlayed: 2, adr: 200 });
    const slugs = both.body.matches.map((m: { slug: string }) => m.slug);
    expect(slugs).toContain(match.slug);
    expect(slugs.at(-1)).toBe(manual.slug);
    expect(both.body.matches.at(-1).line).toMatchObject({ kills: 9, roundsPlayed: 1 });
    const manualOnly = await server.request('GET', `/api/players/${onlyManual}/stats`, { token: null });
    expect(manualOnly.status).toBe(200);
    expect(manualOnly.body.tournament).toBeNull();
    expect(manualOnly.body.matches).toEqual([
      {
        slug: manual.slug,
        label: expect.any(String),
        line: expect.objectContaining({ kills: 2, deaths: 1 }),
      },
    ]);

    expect(
      (await server.request('POST', `/api/matches/${match.slug}/winner`, { body: { winner: 'team1' } }))
        .status,
    ).toBe(200);
    res = await server.request('GET', '/api/tournament/stats', { token: null });
    expect(res.body.mvp).toBe(b1);
  });
});
