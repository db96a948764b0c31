import { describe, expect, it } from 'vitest';
import { matchConfig, useFakeGameServers } from '../../helpers/fake-game-server.js';
import { waitFor } from '../../helpers/wait.js';

const fake = useFakeGameServers();
const { startServer, connect, configure, playMatch } = fake;

describe('scripted happenings', () => {
  it('plays an unready, a team pause, a disconnect and a restore', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig({ map_sides: ['team1_ct'] }), {
      maps: [
        {
          score: [13, 5],
          unready: true,
          pause: { beforeRound: 3, by: 'team2', seconds: 60 },
          disconnect: { afterRound: 2, steamid: '76561198000000006', reconnectAfterRounds: 2 },
          restore: { afterRound: 6, toRound: 4 },
        },
      ],
    });
    expect(fake.receiver.eventPayloads('player_unready')).toHaveLength(1);
    expect(fake.receiver.eventPayloads('player_ready')).toHaveLength(5);
    expect(fake.receiver.eventPayloads('match_paused')[0]).toMatchObject({
      paused_by: { team: 'Bravo' },
      is_admin: false,
      is_tactical: false,
    });
    expect(fake.receiver.eventPayloads('unpause_requested')[0]).toMatchObject({
      team: 'team2',
      teams_ready: 1,
      teams_needed: 2,
    });
    // The pause a restore leaves has no start time: its unpause says 0 seconds, as the plugin's does.
    expect(fake.receiver.eventPayloads('match_unpaused').map((payload) => payload.pause_duration)).toEqual([
      62, 0,
    ]);
    const disconnects = fake.receiver.eventPayloads('player_disconnect');
    expect(disconnects[0]).toMatchObject({ player: { steamid: '76561198000000006', team: 'Bravo' } });
    const names = fake.receiver.eventNames();
    const roundEnds = fake.receiver.eventPayloads('round_end').map((payload) => payload.round_number);
    expect(roundEnds.slice(0, 8)).toEqual([1, 2, 3, 4, 5, 6, 5, 6]);
    expect(roundEnds.at(-1)).toBe(18);
    expect(names.indexOf('backup_loaded')).toBeGreaterThan(names.indexOf('round_end'));
    expect(fake.receiver.eventPayloads('map_result')[0]).toMatchObject({
      team1: { score: 13 },
      team2: { score: 5 },
    });
  });

  it('equal pauses send byte-identical match_unpaused bodies, as the plugin does (no event id)', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig(), {
      maps: [
        {
          score: [13, 5],
          pause: [
            { beforeRound: 2, by: 'admin', seconds: 45 },
            { beforeRound: 4, by: 'admin', seconds: 45 },
          ],
        },
      ],
    });
    const unpauses = fake.receiver.events.filter((request) => request.body.includes('"match_unpaused"'));
    expect(unpauses).toHaveLength(2);
    expect(unpauses[1]!.body).toBe(unpauses[0]!.body);
    // The pauses themselves differ by their pause_time, seconds of game apart however fast the clock.
    const pauseTimes = fake.receiver.eventPayloads('match_paused').map((payload) => payload.pause_time);
    expect(pauseTimes).toHaveLength(2);
    expect(pauseTimes[1]).not.toBe(pauseTimes[0]);
  });

  it('ends a map 16-0 on a forfeit', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig(), { maps: [{ forfeit: { afterRound: 3, loser: 'team2' } }] });
    expect(fake.receiver.eventPayloads('round_end')).toHaveLength(3);
    expect(fake.receiver.eventPayloads('map_result')[0]).toMatchObject({
      winner: { team: 'team1' },
      team1: { score: 16, series_score: 1 },
      team2: { score: 0 },
    });
  });

  it('crashes once mid-map and comes back empty, keeping its settings and RCON port', async () => {
    const server = await startServer();
    const port = server.rconPort;
    const client = await connect(server);
    await configure(client);
    fake.receiver.matches.set('m.json', { body: matchConfig() });
    server.setScript({ maps: [{ score: [13, 7], crash: { afterRound: 3 } }] });
    await client.command(`plugin_loadmatch_url "${fake.receiver.url}/matches/m.json"`);
    await waitFor(() => server.logs.find((entry) => entry.message === 'Server restarting'), {
      intervalMs: 2,
      timeoutMs: 5000,
      message: 'the restart log line',
    });
    await waitFor(() => server.running && server.status === 'warmup', {
      intervalMs: 2,
      timeoutMs: 5000,
      message: 'the server back in warmup',
    });
    expect(server.match).toBeNull();
    expect(server.rconPort).toBe(port);
    await waitFor(() => client.isClosed, {
      intervalMs: 2,
      timeoutMs: 5000,
      message: 'the RCON connection closed',
    });
    expect(fake.receiver.eventPayloads('round_end')).toHaveLength(3);
    expect(server.convar('plugin_tournament_match')).toBe('');

    await server.execute(`plugin_loadmatch_url "${fake.receiver.url}/matches/m.json"`);
    await server.matchFinished();
    expect(fake.receiver.eventPayloads('map_result')[0]).toMatchObject({
      team1: { score: 13 },
      team2: { score: 7 },
    });
  });
});
