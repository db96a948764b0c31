import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoChunks } from '../../fakes/index.js';
import { PLAYERS1, matchConfig, useFakeGameServers } from '../../helpers/fake-game-server.js';
import type { Json } from '../../helpers/fake-game-server.js';

const fake = useFakeGameServers();
const { startServer, playMatch } = fake;

describe('a bo1 played end to end', () => {
  it('sends every event in order with the plugin payloads and quirks', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig(), {
      maps: [{ score: [13, 9], knife: { winner: 'team2', choice: 'stay' } }],
    });
    const names = fake.receiver.eventNames().filter((name) => !name.startsWith('server_'));
    const warmup = names.slice(0, names.indexOf('all_players_ready') + 1);
    expect(warmup[0]).toBe('series_start');
    expect(warmup.filter((name) => name === 'player_connect')).toHaveLength(4);
    expect(warmup.filter((name) => name === 'player_ready')).toHaveLength(4);
    expect(fake.receiver.eventPayloads('player_ready').map((payload) => payload.total_ready)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(names.slice(warmup.length, warmup.length + 6)).toEqual([
      'warmup_ended',
      'knife_round_started',
      'knife_round_ended',
      'demo_recording_start',
      'warmup_ended',
      'going_live',
    ]);
    const live = names.slice(warmup.length + 6, names.indexOf('map_result'));
    expect(live.filter((name) => name === 'round_end')).toHaveLength(22);
    expect(live.slice(24, 26)).toEqual(['side_swap', 'halftime_started']);
    expect(names.slice(names.indexOf('map_result'), names.indexOf('map_result') + 3)).toEqual([
      'map_result',
      'series_end',
      'demo_recording_stop',
    ]);
    expect(names.filter((name) => name.startsWith('demo_upload'))).toEqual([
      'demo_upload_start',
      'demo_upload_success',
      'demo_upload_ended',
    ]);
    expect(names.filter((name) => name === 'player_disconnect')).toHaveLength(4);
    expect(server.status).toBe('idle');
    expect(server.convar('plugin_tournament_match')).toBe('42');
  });

  it('writes payloads like System.Text.Json with the documented shapes', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig({ team1: { id: 7, name: 'Team.Liquid!', players: PLAYERS1 } }), {
      maps: [{ score: [13, 9], knife: { winner: 'team2', choice: 'stay' } }],
    });
    const bodies = fake.receiver.events.map((request) => request.body);
    expect(bodies).toContain(
      '{"team1":{"id":"7","name":"TeamLiquid"},"team2":{"id":"8","name":"Bravo"},"num_maps":1,"matchid":42,"event":"series_start"}',
    );
    expect(bodies).toContain('{"winner":"team2","map_number":0,"matchid":42,"event":"knife_round_ended"}');
    expect(
      fake.receiver.events.every(
        (request) => request.headers['content-type'] === 'application/json; charset=utf-8',
      ),
    ).toBe(true);
    expect(
      fake.receiver.events.every((request) => request.headers['x-plugin-token'] === 'server-token'),
    ).toBe(true);

    const connect = fake.receiver.eventPayloads('player_connect')[0];
    expect(connect).toEqual({
      player: { steamid: expect.any(String), name: expect.any(String), team: 'none' },
      matchid: 42,
      event: 'player_connect',
    });
    const roundEnds = fake.receiver.eventPayloads('round_end') as Json[];
    for (const roundEnd of roundEnds) {
      const { team1, team2 } = roundEnd;
      expect(Object.keys(roundEnd)).toEqual([
        'reason',
        'winner',
        'team1',
        'team2',
        'round_time',
        'round_number',
        'map_number',
        'matchid',
        'event',
      ]);
      expect(roundEnd.round_number).toBe(team1.score + team2.score);
      expect(roundEnd.winner.team).toBe(team1.score > team2.score ? 'team1' : 'team2');
      expect(roundEnd.round_time).toBe(0);
      expect(Object.keys(team1)).toEqual([
        'series_score',
        'score',
        'score_ct',
        'score_t',
        'players',
        'id',
        'name',
      ]);
      expect(Object.keys(team1.players[0].stats)).toHaveLength(33);
      expect(team1.players[0].stats.rounds_played).toBe(roundEnd.round_number);
    }
    expect(roundEnds.at(-1)?.team1.score).toBe(13);
    expect(fake.receiver.eventPayloads('side_swap')).toEqual([
      { team1_side: 'TERRORIST', team2_side: 'CT', map_number: 0, matchid: 42, event: 'side_swap' },
    ]);
    const [mapResult] = fake.receiver.eventPayloads('map_result') as Json[];
    expect(mapResult?.winner).toEqual({ side: '2', team: 'team1' });
    expect(mapResult?.team1).toMatchObject({ series_score: 1, score: 13, players: [] });
    expect(fake.receiver.eventPayloads('series_end')[0]).toEqual({
      time_until_restore: 10,
      winner: { side: '2', team: 'team1' },
      team1_series_score: 1,
      team2_series_score: 0,
      matchid: 42,
      event: 'series_end',
    });
    const recording = fake.receiver.eventPayloads('demo_recording_start')[0];
    expect(recording?.filename).toMatch(
      /^\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d_42_de_mirage_TeamLiquid_vs_Bravo\.dem$/,
    );
    expect(fake.receiver.eventPayloads('demo_upload_ended')[0]).toEqual({
      map_number: 0,
      filename: recording?.filename,
      success: true,
      matchid: 42,
      event: 'demo_upload_ended',
    });
  });

  it('goes through the status values, pushes reports and uploads the demo with the plugin headers', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig(), {
      maps: [{ score: [13, 5], knife: { winner: 'team1', choice: 'switch' } }],
    });
    const statuses = server.statusHistory.filter((status, index, all) => status !== all[index - 1]);
    expect(statuses).toEqual([
      'warmup',
      'loading',
      'warmup',
      'knife',
      'playing',
      'halftime',
      'postgame',
      'idle',
    ]);

    expect(fake.receiver.reports.length).toBeGreaterThan(3);
    expect(fake.receiver.reports.every((report) => report.headers['x-plugin-token'] === undefined)).toBe(
      true,
    );
    const report = JSON.parse(fake.receiver.reports.at(-1)?.body ?? '{}');
    expect(report).toMatchObject({
      serverId: 'srv-1',
      matchSlug: '42',
      report: { match: { matchId: 42, slug: '42' } },
    });
    expect(fake.receiver.reports[0]?.body).toContain('\n  "report": {');

    const [demo] = fake.receiver.demos;
    expect(demo?.path).toBe('/demos/r1m1/upload');
    expect(demo?.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-plugin-token': 'server-token',
      'plugin-matchid': '42',
      'plugin-mapnumber': '0',
      'plugin-roundnumber': '18',
      'get5-matchid': '42',
      'content-length': String(64 * 1024),
    });
    expect(demo?.headers['plugin-filename']).toBe(demo?.headers['get5-filename']);
    const expected = createHash('sha256');
    for (const chunk of demoChunks(64 * 1024, 42 * 100)) {
      expected.update(chunk);
    }
    expect(demo?.sha256).toBe(expected.digest('hex'));
  });
});

describe('a bo3 played end to end', () => {
  it('plays three maps with overtime, a postgame between maps and one series end', async () => {
    const server = await startServer();
    const config = matchConfig({
      num_maps: 3,
      maplist: ['de_mirage', 'de_inferno', 'de_nuke'],
      map_sides: ['team1_ct', 'team2_ct', 'knife'],
    });
    await playMatch(server, config, { maps: [{ score: [16, 14] }, { score: [5, 13] }, { score: [13, 11] }] });

    const mapResults = fake.receiver.eventPayloads('map_result') as Json[];
    expect(
      mapResults.map((result) => [result.map_number, result.team1.series_score, result.team2.series_score]),
    ).toEqual([
      [0, 1, 0],
      [1, 1, 1],
      [2, 2, 1],
    ]);
    expect(mapResults.map((result) => result.winner)).toEqual([
      { side: '3', team: 'team1' },
      { side: '2', team: 'team2' },
      expect.objectContaining({ team: 'team1' }),
    ]);
    const names = fake.receiver.eventNames();
    expect(names.filter((name) => name === 'series_end')).toHaveLength(1);
    expect(names.indexOf('series_end')).toBeGreaterThan(names.lastIndexOf('map_result'));
    expect(fake.receiver.eventPayloads('series_end')[0]).toMatchObject({
      team1_series_score: 2,
      team2_series_score: 1,
    });
    expect(fake.receiver.eventPayloads('going_live').map((payload) => payload.map_number)).toEqual([0, 1, 2]);
    expect(fake.receiver.eventPayloads('overtime_started')).toEqual([
      { overtime_number: 1, map_number: 0, matchid: 42, event: 'overtime_started' },
    ]);
    const overtimeRound = fake.receiver.events.findIndex((request) =>
      request.body.includes('"overtime_started"'),
    );
    expect(JSON.parse(fake.receiver.events[overtimeRound - 2]?.body ?? '{}')).toMatchObject({
      event: 'round_end',
      round_number: 27,
    });
    expect(fake.receiver.eventPayloads('player_connect')).toHaveLength(12);
    expect(fake.receiver.demos.map((demo) => demo.headers['plugin-mapnumber'])).toEqual(['0', '1', '2']);
    const statuses = server.statusHistory.filter((status, index, all) => status !== all[index - 1]);
    expect(statuses.slice(2)).toEqual([
      'warmup',
      'playing',
      'halftime',
      'postgame',
      'warmup',
      'playing',
      'halftime',
      'postgame',
      'warmup',
      'knife',
      'playing',
      'halftime',
      'postgame',
      'idle',
    ]);
  });

  it('decides a drawn map by damage when overtime is off, with the map_result quirk', async () => {
    const server = await startServer();
    const config = matchConfig({ overtimeMode: 'disabled', map_sides: ['team1_ct'] });
    await playMatch(server, config, { maps: [{ score: [12, 12], damageLeader: 'team1' }] });
    const [mapResult] = fake.receiver.eventPayloads('map_result') as Json[];
    expect(mapResult?.winner).toEqual({ side: '2', team: 'team2' });
    expect([mapResult?.team1.score, mapResult?.team2.score]).toEqual([12, 12]);
    expect([mapResult?.team1.series_score, mapResult?.team2.series_score]).toEqual([1, 0]);
    expect(fake.receiver.eventPayloads('series_end')[0]).toMatchObject({
      winner: { team: 'team1' },
      team1_series_score: 1,
    });
    const lastRound = (fake.receiver.eventPayloads('round_end') as Json[]).at(-1);
    const damage = (team: Json): number =>
      team.players.reduce((sum: number, player: Json) => sum + player.stats.damage, 0);
    expect(damage(lastRound?.team1)).toBeGreaterThan(damage(lastRound?.team2));
  });

  it('ends a series drawn on damage too with winner none', async () => {
    const server = await startServer();
    const config = matchConfig({ overtimeMode: 'disabled', map_sides: ['team1_ct'] });
    await playMatch(server, config, { maps: [{ score: [12, 12], damageLeader: 'equal' }] });
    expect(fake.receiver.eventPayloads('series_end')[0]).toMatchObject({
      winner: { side: '2', team: 'none' },
      team1_series_score: 0,
      team2_series_score: 0,
    });
  });
});
