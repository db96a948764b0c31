import { describe, expect, it } from 'vitest';
import {
  server,
  teamIds,
  post,
  roundEnd,
  mapResult,
  mapEvent,
  roundStarted,
  storedEvents,
  manualMatch,
  read,
  passTime,
  usePluginEventsServer,
} from '../helpers/plugin-events.js';

usePluginEventsServer();

describe('POST /api/events', () => {
  it('ignores, naming the match, an event of the attempt a restart abandoned; the new attempt has its own id', async () => {
    const { slug, matchid } = await manualMatch();
    await post(slug, { matchid, event: 'series_start' });
    await post(slug, mapEvent('going_live', matchid, 0));
    await post(slug, roundEnd(matchid, 0, 3, 0));
    const restarted = await server.request('POST', `/api/matches/${slug}/restart`);
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);
    const renewed = (await read(slug)).matchid;
    expect(renewed).not.toBe(matchid);

    const retried = await post(slug, roundEnd(matchid, 0, 15, 0));
    expect(retried.body).toMatchObject({ outcome: 'ignored' });
    expect(retried.body.message).toContain(`abandoned attempt of match ${slug}`);
    expect(await read(slug)).toMatchObject({ team1MapScore: 0, team2MapScore: 0 });
  });

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
    // The plugin retries byte-identical bodies: stored again, and applying the same round changes nothing.
    expect((await post(slug, roundEnd(matchid, 0, 5, 3))).body).toMatchObject({
      outcome: 'ignored',
      message: expect.stringContaining('same bytes'),
    });
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

describe('event identity: each delivery applied as the state it describes (PROTOCOL.md 3.1.1)', () => {
  const pause = (matchid: number, pauseTime: number) => ({
    paused_by: { steamid: 'Console', name: 'Admin', team: 'Admin' },
    is_tactical: false,
    is_admin: true,
    pause_time: pauseTime,
    map_number: 0,
    matchid,
    event: 'match_paused',
  });
  const unpause = (matchid: number) => ({
    pause_duration: 60,
    map_number: 0,
    matchid,
    event: 'match_unpaused',
  });
  const live = async (slug: string) => (await server.request('GET', `/api/matches/${slug}/live`)).body.live;

  it('two pauses of the same length: the second, byte-identical match_unpaused ends the second pause', async () => {
    const { slug, matchid } = await manualMatch();
    await post(slug, mapEvent('going_live', matchid, 0));
    await post(slug, pause(matchid, 1_000));
    expect((await post(slug, unpause(matchid))).body.outcome).toBe('applied');
    await post(slug, pause(matchid, 2_000));
    expect(await read(slug)).toMatchObject({ phase: 'paused' });
    // The second pause lasts its 60 s too: the same bytes are its own unpause.
    passTime(60);
    const second = await post(slug, unpause(matchid));
    expect(second.body).toMatchObject({ outcome: 'applied', message: expect.stringContaining('same bytes') });
    expect(await read(slug)).toMatchObject({ phase: 'live' });
    expect((await live(slug)).pause).toBeNull();
    // A retry of the first pause (its pause_time names it) does not pause the match again.
    expect((await post(slug, pause(matchid, 1_000))).body.outcome).toBe('ignored');
    expect(await read(slug)).toMatchObject({ phase: 'live' });
    expect((await live(slug)).pause).toBeNull();
    // Every delivery is in the event log, and replaying it tells the retry from the pauses again.
    expect((await storedEvents(slug)).filter((e) => e.event === 'match_unpaused')).toHaveLength(2);
    const replayed = await server.request('POST', `/api/recovery/replay/${slug}`, { body: {} });
    expect(replayed.body).toMatchObject({ events: 6, changed: false });
    expect(await read(slug)).toMatchObject({ phase: 'live' });
  });

  it('a retried match_unpaused arriving after a new pause began does not end that pause', async () => {
    const { slug, matchid } = await manualMatch();
    await post(slug, mapEvent('going_live', matchid, 0));
    await post(slug, pause(matchid, 3_000));
    expect((await post(slug, unpause(matchid))).body.outcome).toBe('applied');
    // A new pause begins; the plugin then retries the first unpause (its 2xx was lost), byte for byte.
    await post(slug, pause(matchid, 3_100));
    passTime(10);
    const retry = await post(slug, unpause(matchid));
    expect(retry.body).toMatchObject({
      outcome: 'ignored',
      message: expect.stringContaining('a retry of an unpause'),
    });
    expect(await read(slug)).toMatchObject({ phase: 'paused' });
    expect((await live(slug)).pause).toMatchObject({ since: 3_100 });
    // Replaying the log judges the retry the same way.
    const replayed = await server.request('POST', `/api/recovery/replay/${slug}`, { body: {} });
    expect(replayed.body).toMatchObject({ changed: false });
    expect(await read(slug)).toMatchObject({ phase: 'paused' });

    // Once the pause lasted its 60 s, the same bytes are its own unpause.
    passTime(50);
    expect((await post(slug, unpause(matchid))).body.outcome).toBe('applied');
    expect(await read(slug)).toMatchObject({ phase: 'live' });
    expect((await live(slug)).pause).toBeNull();
  });

  it('backup_loaded rewinds the live score; the replayed rounds apply, byte-identical or not (2.4.16)', async () => {
    const { slug, matchid } = await manualMatch();
    await post(slug, mapEvent('going_live', matchid, 0));
    const scores: [number, number][] = [
      [1, 0],
      [1, 1],
      [2, 1],
      [3, 1],
      [3, 2],
    ];
    let before: [number, number] = [0, 0];
    for (const [t1, t2] of scores) {
      await post(slug, roundStarted(matchid, 0, ...before));
      await post(slug, roundEnd(matchid, 0, t1, t2));
      before = [t1, t2];
    }
    expect(await read(slug)).toMatchObject({ team1MapScore: 3, team2MapScore: 2 });

    // Backup round03: three rounds played, the stored round_end 3 has 2-1; round 4 is replayed.
    const restored = await post(slug, {
      round_number: 3,
      filename: `matchzy_${matchid}_0_round03.json`,
      map_number: 0,
      matchid,
      event: 'backup_loaded',
    });
    expect(restored.body.outcome).toBe('applied');
    expect(await read(slug)).toMatchObject({ team1MapScore: 2, team2MapScore: 1, phase: 'live' });
    // The replayed round 4 starts exactly as it did the first time (same bytes), then team2 wins it.
    expect((await post(slug, roundStarted(matchid, 0, 2, 1))).body.message).toContain('same bytes');
    expect((await post(slug, roundEnd(matchid, 0, 2, 2))).body.outcome).toBe('applied');
    expect(await read(slug)).toMatchObject({ team1MapScore: 2, team2MapScore: 2 });
    // The replayed round 5 ends as the first one did (same bytes) and applies; a late retry of round 4 does not.
    await post(slug, roundEnd(matchid, 0, 3, 2));
    await post(slug, roundEnd(matchid, 0, 2, 2));
    expect(await read(slug)).toMatchObject({ team1MapScore: 3, team2MapScore: 2 });

    // Backup round00: the start of the map.
    await post(slug, {
      round_number: 0,
      filename: `matchzy_${matchid}_0_round00.json`,
      map_number: 0,
      matchid,
      event: 'backup_loaded',
    });
    expect(await read(slug)).toMatchObject({ team1MapScore: 0, team2MapScore: 0 });
    expect((await storedEvents(slug)).filter((e) => e.event === 'round_started')).toHaveLength(6);
    // A replay of the log, restores and all, ends where the match is.
    const replayed = await server.request('POST', `/api/recovery/replay/${slug}`, { body: {} });
    expect(replayed.body).toMatchObject({ changed: false });
  });

  it('an event it cannot read is stored all the same, answered 2xx so the plugin does not retry it', async () => {
    const { slug, matchid } = await manualMatch();
    const res = await post(slug, { ...roundEnd(matchid, 0, 1, 0), round_number: 'first' });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('ignored');
    expect((await storedEvents(slug)).map((e) => [e.event, e.outcome.split(':')[0]])).toEqual([
      ['round_end', 'failed'],
    ]);
    // A replay passes over it.
    const replayed = await server.request('POST', `/api/recovery/replay/${slug}`, { body: {} });
    expect(replayed.body).toMatchObject({ success: true, events: 1, changed: false });
  });

  it('a round_started tells the score before its round when that round_end was lost', async () => {
    const { slug, matchid } = await manualMatch();
    await post(slug, mapEvent('going_live', matchid, 0));
    await post(slug, roundEnd(matchid, 0, 1, 0));
    await post(slug, roundStarted(matchid, 0, 1, 1));
    expect(await read(slug)).toMatchObject({ team1MapScore: 1, team2MapScore: 1 });
    // A round_started older than the last round_end changes nothing.
    await post(slug, roundEnd(matchid, 0, 2, 1));
    await post(slug, roundStarted(matchid, 0, 1, 1));
    expect(await read(slug)).toMatchObject({ team1MapScore: 2, team2MapScore: 1 });
  });
});
