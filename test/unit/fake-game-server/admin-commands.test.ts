import { describe, expect, it } from 'vitest';
import { matchConfig, useFakeGameServers } from '../../helpers/fake-game-server.js';
import { waitFor } from '../../helpers/wait.js';

const fake = useFakeGameServers();
const { startServer, connect, configure } = fake;

describe('admin commands over RCON', () => {
  it('pauses, unpauses, restores a round and ends the match', async () => {
    const server = await startServer({ msPerGameSecond: 1 });
    const client = await connect(server);
    await configure(client);
    fake.receiver.matches.set('m.json', { body: matchConfig({ map_sides: ['team1_ct'] }) });
    server.setScript({ pace: { playerConnect: 0, playerReady: 0, round: [30, 30], roundRestart: 1 } });
    await client.command(`plugin_loadmatch_url "${fake.receiver.url}/matches/m.json"`);
    await server.waitForEvent('round_end', (payload) => payload.round_number === 1);

    await client.command('css_forcepause');
    const paused = await server.waitForEvent('match_paused');
    expect(paused.payload).toMatchObject({
      paused_by: { steamid: 'Console', name: 'Admin', team: 'Admin' },
      is_tactical: false,
      is_admin: true,
    });
    expect(server.status).toBe('paused');
    const startedBefore = fake.receiver.eventPayloads('round_started').length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fake.receiver.eventPayloads('round_started')).toHaveLength(startedBefore);
    await client.command('css_forceunpause');
    const unpaused = await server.waitForEvent('match_unpaused');
    expect(unpaused.payload.pause_duration).toBeGreaterThanOrEqual(60);
    expect(server.status).toBe('playing');

    await server.waitForEvent('round_end', (payload) => payload.round_number === 3);
    expect(await client.command('css_restore 9')).toBe(
      'Backup file plugin_42_0_round09.json does not exist, please check the round number.',
    );
    expect(await client.command('css_restore 2')).toBe('');
    const restored = await server.waitForEvent('backup_loaded');
    expect(restored.payload).toEqual({
      round_number: 2,
      filename: 'plugin_42_0_round02.json',
      map_number: 0,
      matchid: 42,
      event: 'backup_loaded',
    });
    // Backup 2 is the state after two rounds played: round 3 is replayed.
    expect(server.match?.roundsPlayed).toBe(2);
    expect(await client.command('css_restore -1')).toMatch(/Invalid value for restore command/);
    await client.command('css_forceunpause');
    const replayed = await waitFor(
      () => fake.receiver.eventPayloads('round_started').filter((payload) => payload.round_number === 3)[1],
      { intervalMs: 2, timeoutMs: 5000, message: 'the replayed start of round 3' },
    );
    expect(Number(replayed.team1_score) + Number(replayed.team2_score)).toBe(2);

    await client.command('css_pause');
    expect(server.status).toBe('paused');
    expect(fake.receiver.eventPayloads('match_paused')).toHaveLength(1);
    await client.command('css_endmatch');
    expect(server.status).toBe('idle');
    expect(server.match).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.receiver.eventNames()).not.toContain('map_result');
    expect(fake.receiver.eventNames()).not.toContain('series_end');
  });

  it('refuses or ignores a pause, a restore and a start the way the plugin does', async () => {
    const server = await startServer({ msPerGameSecond: 1 });
    const client = await connect(server);
    await configure(client);
    fake.receiver.matches.set('m.json', {
      body: matchConfig({ map_sides: ['team1_ct'], cvars: { mp_maxrounds: '4' } }),
    });
    server.setScript({
      pace: { playerConnect: 1000, round: [5, 5], roundRestart: 1, halftime: 200 },
      maps: [{ score: [3, 1] }],
    });
    await client.command(`plugin_loadmatch_url "${fake.receiver.url}/matches/m.json"`);
    // Warmup: the match has not started, nothing happens and nothing is said.
    expect(await client.command('css_forcepause')).toBe('');
    expect(server.status).toBe('warmup');
    expect(await client.command('css_start')).toBe('');
    await server.waitForEvent('going_live');
    expect(await client.command('css_start')).toBe(
      '[\x04Plugin\x01] Start command cannot be used if match is already started! If you want to unpause, please use .unpause',
    );
    await server.waitForEvent('halftime_started');
    expect(await client.command('css_forcepause')).toBe(
      '[\x04Plugin\x01] You cannot use this command during halftime.',
    );
    expect(await client.command('css_restore 1')).toBe(
      '[\x04Plugin\x01] You cannot load a backup during halftime.',
    );
    await server.waitForEvent('round_started', (payload) => payload.round_number === 3);
    expect(await client.command('css_forcepause')).toBe('');
    expect(await client.command('css_forcepause')).toBe('[\x04Plugin\x01] Match is already paused!');
    await client.command('css_forceunpause');
    await server.waitForStatus('postgame');
    expect(await client.command('css_forcepause')).toBe(
      '[\x04Plugin\x01] You cannot use this command after the game has ended.',
    );
    // Not live any more: a restore does nothing, silently.
    expect(await client.command('css_restore 1')).toBe('');
    expect(fake.receiver.eventPayloads('match_paused')).toHaveLength(1);
    expect(fake.receiver.eventNames()).not.toContain('backup_loaded');
  });

  it('force-starts a match in warmup', async () => {
    const server = await startServer({ msPerGameSecond: 1 });
    const client = await connect(server);
    await configure(client);
    fake.receiver.matches.set('m.json', { body: matchConfig({ map_sides: ['team1_t'] }) });
    server.setScript({ pace: { playerConnect: 1000, round: [1000, 1000] } });
    await client.command(`plugin_loadmatch_url "${fake.receiver.url}/matches/m.json"`);
    await client.command('css_start');
    await server.waitForEvent('going_live');
    expect(fake.receiver.eventPayloads('player_connect')).toHaveLength(4);
    expect(fake.receiver.eventPayloads('player_ready')).toHaveLength(0);
    expect(server.match?.sideOf('team1')).toBe('TERRORIST');
  });
});
