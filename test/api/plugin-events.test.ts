import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
const teamIds: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  for (let i = 1; i <= 4; i++) {
    const res = await server.request('POST', '/api/teams', { body: { name: `Team ${i}` } });
    teamIds.push(res.body.team.id);
  }
});
afterAll(async () => {
  await server.stop();
});

/** Sends an event as the plugin does: compact JSON, `event` last, with the server token. */
function post(
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
const roundEnd = (
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
const mapResult = (matchid: number, map: number, t1: number, t2: number) => ({
  winner: { side: '2', team: t1 > t2 ? 'team1' : 'team2' },
  team1: { ...side(t1), players: [] },
  team2: { ...side(t2), players: [] },
  map_number: map,
  matchid,
  event: 'map_result',
});
const mapEvent = (event: string, matchid: number, map: number) => ({ map_number: map, matchid, event });

async function manualMatch(body: Record<string, unknown> = {}) {
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
const read = async (slug: string) => (await server.request('GET', `/api/matches/${slug}`)).body.match;

describe('POST /api/events', () => {
  it('plays a bo3 from the events: phases, map scores, map results, series score, then the series end', async () => {
    const { slug, matchid } = await manualMatch();
    expect((await post(slug, { matchid, event: 'series_start' })).body.outcome).toBe('applied');
    expect((await read(slug)).displayStatus).toBe('Loaded');

    await post(slug, mapEvent('going_live', matchid, 0));
    await post(slug, roundEnd(matchid, 0, 1, 0));
    expect(await read(slug)).toMatchObject({
      status: 'live',
      phase: 'live',
      currentMapNumber: 0,
      team1MapScore: 1,
    });
    await post(slug, { team1_score: 7, team2_score: 5, map_number: 0, matchid, event: 'halftime_started' });
    expect((await read(slug)).phase).toBe('halftime');
    await post(slug, mapEvent('round_started', matchid, 0));
    await post(slug, {
      paused_by: { steamid: 'Console', name: 'Admin', team: 'Admin' },
      is_tactical: false,
      is_admin: true,
      pause_time: 1,
      map_number: 0,
      matchid,
      event: 'match_paused',
    });
    expect((await read(slug)).phase).toBe('paused');
    await post(slug, { pause_duration: 30, map_number: 0, matchid, event: 'match_unpaused' });
    expect((await read(slug)).phase).toBe('live');
    await post(slug, roundEnd(matchid, 0, 13, 9));
    await post(slug, mapResult(matchid, 0, 13, 9));
    expect(await read(slug)).toMatchObject({ team1SeriesScore: 1, team2SeriesScore: 0, phase: null });

    await post(slug, mapEvent('going_live', matchid, 1));
    await post(slug, roundEnd(matchid, 1, 11, 13));
    await post(slug, mapResult(matchid, 1, 11, 13));
    await post(slug, mapEvent('going_live', matchid, 2));
    await post(slug, roundEnd(matchid, 2, 13, 4));
    await post(slug, mapResult(matchid, 2, 13, 4));
    const beforeEnd = await read(slug);
    expect(beforeEnd).toMatchObject({
      status: 'live',
      team1SeriesScore: 2,
      team2SeriesScore: 1,
      team1MapScore: 13,
    });
    expect(beforeEnd.maps.map((m: { name: string; winner: string }) => [m.name, m.winner])).toEqual([
      ['de_dust2', 'team1'],
      ['de_mirage', 'team2'],
      ['de_nuke', 'team1'],
    ]);

    const end = await post(slug, {
      time_until_restore: 10,
      winner: { side: '2', team: 'team1' },
      team1_series_score: 2,
      team2_series_score: 1,
      matchid,
      event: 'series_end',
    });
    expect(end.body.outcome).toBe('applied');
    expect(await read(slug)).toMatchObject({
      status: 'completed',
      winnerId: teamIds[0],
      team1SeriesScore: 2,
    });
  });

  it('changes nothing twice: duplicates, late and reordered events', async () => {
    const { slug, matchid } = await manualMatch();
    await post(slug, mapEvent('going_live', matchid, 0));
    await post(slug, roundEnd(matchid, 0, 5, 3));
    // The plugin retries byte-identical bodies.
    expect((await post(slug, roundEnd(matchid, 0, 5, 3))).body.outcome).toBe('duplicate');
    // An older round arriving late does not move the score back.
    expect((await post(slug, roundEnd(matchid, 0, 4, 3))).body.outcome).toBe('ignored');
    expect((await read(slug)).team1MapScore).toBe(5);
    // The map result before its last round_end: the result stands.
    await post(slug, mapResult(matchid, 0, 13, 11));
    await post(slug, roundEnd(matchid, 0, 12, 11));
    expect((await read(slug)).maps[0]).toMatchObject({ team1Score: 13, team2Score: 11, winner: 'team1' });
    // Map 1 started; a late event of map 0 does not take the match back to it.
    await post(slug, mapEvent('going_live', matchid, 1));
    await post(slug, mapEvent('halftime_started', matchid, 0));
    expect(await read(slug)).toMatchObject({ currentMapNumber: 1, phase: 'live' });
  });

  it('stores but does not apply an event from a sender the match is not assigned to', async () => {
    const { slug, matchid } = await manualMatch();
    const res = await post('some-other-server', mapEvent('going_live', matchid, 0));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'ignored', message: expect.stringContaining('not assigned') });
    expect((await read(slug)).status).toBe('ready');
    // A test event names no registered server here: stored, and said so.
    expect((await post(null, { message: 'hi', matchid: -1, event: 'test_event' })).body.outcome).toBe(
      'unmatched',
    );
    expect((await post(null, mapEvent('going_live', 999999, 0))).body.outcome).toBe('unmatched');
  });

  it('refuses no token or a wrong token (401), bad JSON (400), a non-event (400), a huge body (413)', async () => {
    const { slug, matchid } = await manualMatch();
    expect((await post(slug, mapEvent('going_live', matchid, 0), null)).status).toBe(401);
    expect((await post(slug, mapEvent('going_live', matchid, 0), 'wrong-token-0123456789')).status).toBe(401);
    const headers = { 'Content-Type': 'application/json', 'X-Plugin-Token': 'server-token-0123456789' };
    const bad = await server.request('POST', '/api/events', { token: null, body: '{"event":', headers });
    expect([bad.status, bad.body.code]).toEqual([400, 'BAD_JSON']);
    const array = await server.request('POST', '/api/events', { token: null, body: '[1,2]', headers });
    expect(array.status).toBe(400);
    const huge = await server.request('POST', '/api/events', {
      token: null,
      body: JSON.stringify({ event: 'test_event', pad: 'x'.repeat(2 * 1024 * 1024) }),
      headers,
    });
    expect(huge.status).toBe(413);
    expect((await read(slug)).status).toBe('ready');
  });
});

describe('series ends in a tournament', () => {
  it('moves the bracket on; a level map is decided on damage under disabled_tiebreak', async () => {
    await server.request('POST', '/api/tournament', {
      body: {
        name: 'Event Cup',
        type: 'single_elimination',
        format: 'bo1',
        teamIds,
        settings: { veto: false, overtimeMode: 'disabled_tiebreak' },
      },
    });
    await server.request('POST', '/api/tournament/start');
    const { matchid } = await read('r1-m1');
    await post('r1-m1', mapEvent('going_live', matchid, 0));
    await post('r1-m1', roundEnd(matchid, 0, 12, 12, [2100, 2400]));
    await post('r1-m1', mapResult(matchid, 0, 12, 12));
    await post('r1-m1', {
      winner: { side: '2', team: 'team2' },
      team1_series_score: 0,
      team2_series_score: 1,
      matchid,
      event: 'series_end',
    });
    const decided = await read('r1-m1');
    expect(decided.maps[0]).toMatchObject({ winner: 'team2', decidedBy: 'damage_tiebreak' });
    expect(decided).toMatchObject({ status: 'completed', winnerId: decided.team2.id });
    expect((await read('final')).team1?.id).toBe(decided.team2.id);
    await server.request('DELETE', '/api/tournament');
  });

  it('a level series in elimination with nothing to split it waits for an admin', async () => {
    await server.request('POST', '/api/tournament', {
      body: {
        name: 'Level Cup',
        type: 'single_elimination',
        teamIds,
        settings: { veto: false, overtimeMode: 'disabled_draw' },
      },
    });
    await server.request('POST', '/api/tournament/start');
    const { matchid } = await read('r1-m1');
    await post('r1-m1', mapEvent('going_live', matchid, 0));
    await post('r1-m1', roundEnd(matchid, 0, 12, 12, [2000, 2000]));
    await post('r1-m1', mapResult(matchid, 0, 12, 12));
    await post('r1-m1', {
      winner: { side: '2', team: 'none' },
      team1_series_score: 0,
      team2_series_score: 0,
      matchid,
      event: 'series_end',
    });
    expect(await read('r1-m1')).toMatchObject({
      status: 'needs_decision',
      displayStatus: 'NEEDS ADMIN DECISION',
    });
    await server.request('DELETE', '/api/tournament');
  });
});

describe('POST /api/recovery/replay/:matchSlug', () => {
  const replay = (slug: string, body?: unknown, token: 'admin' | 'readonly' = 'admin') =>
    server.request('POST', `/api/recovery/replay/${slug}`, { body, token });

  it('re-applies the stored events: a series end that came before its map is applied; twice changes nothing', async () => {
    const { slug, matchid } = await manualMatch({ format: 'bo1', maps: ['de_inferno'] });
    // The plugin's retry queue reorders: the series end arrives before the match went live.
    const end = { winner: { side: '2', team: 'team1' }, team1_series_score: 1, matchid, event: 'series_end' };
    expect((await post(slug, end)).body.outcome).toBe('applied');
    expect((await read(slug)).status).toBe('ready');
    await post(slug, mapEvent('going_live', matchid, 0));
    await post(slug, roundEnd(matchid, 0, 13, 9));
    await post(slug, mapResult(matchid, 0, 13, 9));
    expect(await read(slug)).toMatchObject({ status: 'live', team1SeriesScore: 1 });
    const storedEvents = (await server.request('GET', `/api/matches/${slug}/events`)).body.events.length;

    const first = await replay(slug);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      matchSlug: slug,
      events: 4,
      newlyApplied: 0,
      seriesEnded: true,
      match: { status: 'completed', winnerId: teamIds[0], team1SeriesScore: 1 },
    });
    const completed = await read(slug);

    const second = await replay(slug, { sinceTimestamp: 0 });
    expect(second.body).toMatchObject({ events: 4, newlyApplied: 0, changed: false, seriesEnded: false });
    expect(await read(slug)).toEqual(completed);
    // A replay stores nothing: the event log is as it was.
    expect((await server.request('GET', `/api/matches/${slug}/events`)).body.events).toHaveLength(
      storedEvents,
    );
  });

  it('replays nothing of a running match that is up to date, and only the window asked for', async () => {
    const { slug, matchid } = await manualMatch();
    await post(slug, mapEvent('going_live', matchid, 0));
    await post(slug, roundEnd(matchid, 0, 3, 1));
    await post(slug, { map_number: 0, matchid, event: 'match_paused', is_admin: true });
    await post(slug, { map_number: 0, matchid, event: 'match_unpaused' });
    const before = await read(slug);
    expect((await replay(slug)).body).toMatchObject({ events: 4, changed: false, seriesEnded: false });
    expect(await read(slug)).toEqual(before);
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await replay(slug, { sinceTimestamp: future })).body).toMatchObject({
      events: 0,
      changed: false,
    });
  });

  it('does not replay events of another sender; refuses unknown matches, bad bodies and read-only tokens', async () => {
    const { slug, matchid } = await manualMatch({ format: 'bo1', maps: ['de_inferno'] });
    await post('some-other-server', mapEvent('going_live', matchid, 0));
    expect((await replay(slug)).body).toMatchObject({ events: 0, changed: false });
    expect((await read(slug)).status).toBe('ready');

    expect((await replay('no-such-match')).status).toBe(404);
    const bad = await replay(slug, { sinceTimestamp: 'yesterday' });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await replay(slug, undefined, 'readonly')).status).toBe(403);
    expect((await server.request('POST', `/api/recovery/replay/${slug}`, { token: null })).status).toBe(401);
  });
});
