import { describe, expect, it } from 'vitest';
import {
  server,
  teamIds,
  post,
  roundEnd,
  mapResult,
  mapEvent,
  seriesEnd,
  manualMatch,
  read,
  usePluginEventsServer,
} from '../helpers/plugin-events.js';

usePluginEventsServer();

describe('series_end settles the series; a late map_result still fills its map (PROTOCOL.md 2.4.19)', () => {
  it('the series score comes from series_end when the last map_result was lost, and the retried result fills the map', async () => {
    const { slug, matchid } = await manualMatch();
    await post(slug, mapEvent('going_live', matchid, 0));
    await post(slug, roundEnd(matchid, 0, 13, 9));
    await post(slug, mapResult(matchid, 0, 13, 9));
    await post(slug, mapEvent('going_live', matchid, 1));
    await post(slug, roundEnd(matchid, 1, 13, 11));
    // map 1's map_result failed and waits in the plugin's retry queue; series_end comes 2 s later.
    expect((await post(slug, seriesEnd(matchid, 'team1', 2, 0))).body.outcome).toBe('applied');
    const ended = await read(slug);
    expect(ended).toMatchObject({
      status: 'completed',
      winnerId: teamIds[0],
      team1SeriesScore: 2,
      team2SeriesScore: 0,
    });
    expect(ended.maps[1]).toMatchObject({ team1Score: 13, team2Score: 11, winner: null });

    // The retry, minutes later: the map gets its result, the series is neither reopened nor re-decided.
    expect((await post(slug, mapResult(matchid, 1, 13, 11))).body.outcome).toBe('applied');
    const corrected = await read(slug);
    expect(corrected.maps[1]).toMatchObject({ team1Score: 13, team2Score: 11, winner: 'team1' });
    expect(corrected).toMatchObject({ status: 'completed', winnerId: teamIds[0], team1SeriesScore: 2 });
    expect(corrected.completedAt).toBe(ended.completedAt);
    // A second series_end is a replay of the first.
    expect((await post(slug, seriesEnd(matchid, 'team1', 2, 0))).body.outcome).toBe('ignored');
    expect(await read(slug)).toEqual(corrected);
  });

  it('a bo1 whose only map_result was lost is won by the series_end winner, not decided on rounds', async () => {
    const { slug, matchid } = await manualMatch({ format: 'bo1', maps: ['de_inferno'] });
    await post(slug, mapEvent('going_live', matchid, 0));
    // The last round_end seen is 12-12 (round 25 was lost too); the plugin says team2 won 13-12.
    await post(slug, roundEnd(matchid, 0, 12, 12, [3000, 2000]));
    await post(slug, seriesEnd(matchid, 'team2', 0, 1));
    expect(await read(slug)).toMatchObject({
      status: 'completed',
      winnerId: teamIds[1],
      team1SeriesScore: 0,
      team2SeriesScore: 1,
    });
    await post(slug, mapResult(matchid, 0, 12, 13));
    expect((await read(slug)).maps[0]).toMatchObject({ team1Score: 12, team2Score: 13, winner: 'team2' });
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
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
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
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
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
