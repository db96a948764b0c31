import { describe, expect, it } from 'vitest';
import type { FakeGameServer, MatchScript } from '../../fakes/index.js';
import { FAST, matchConfig, useFakeGameServers } from '../../helpers/fake-game-server.js';
import { waitFor } from '../../helpers/wait.js';

const fake = useFakeGameServers();
const { startServer } = fake;

describe('loading a match', () => {
  async function load(server: FakeGameServer, config: unknown, status = 200): Promise<string> {
    fake.receiver.matches.set('m.json', { status, body: config });
    return server.execute(`plugin_loadmatch_url "${fake.receiver.url}/matches/m.json"`);
  }

  it.each([
    [{ ...matchConfig(), team1: undefined }, 'Missing mandatory field: team1'],
    [{ ...matchConfig(), team2: { name: 'Bravo', players: ['7656'] } }, "team2 should have 'players' JSON!"],
    [matchConfig({ num_maps: 2 }), 'num_maps should be equal to or greater than maplist!'],
    [matchConfig({ map_sides: ['ct'] }), 'map_sides should be "team1_ct", "team1_t", or "knife"!'],
    [matchConfig({ matchid: 'abc' }), 'matchid should be an integer!'],
    [matchConfig({ skip_veto: 1 }), 'skip_veto should be a boolean!'],
    [matchConfig({ cvars: [] }), 'cvars should be a JSON structure!'],
    [matchConfig({ num_maps: 0, maplist: [] }), 'maplist should contain atleast 1 map!'],
  ])('refuses an invalid config, resets to idle and records why (%#)', async (config, reason) => {
    const server = await startServer();
    expect(await load(server, config)).toBe('[\x04Plugin\x01] Match load failed! Resetting current match');
    expect(server.loads.at(-1)).toMatchObject({ result: 'invalid', reason, outcome: 200 });
    expect(server.status).toBe('idle');
    expect(server.statusHistory.slice(-3)).toEqual(['error', 'warmup', 'idle']);
    expect(server.match).toBeNull();
  });

  it('stays in error after an HTTP error or a body that is not JSON', async () => {
    const server = await startServer();
    expect(await load(server, { error: 'nope' }, 404)).toBe(
      '[\x04Plugin\x01] [LoadMatchFromURL] HTTP request failed with status code: NotFound',
    );
    expect(server.status).toBe('error');
    expect(await load(server, 'not json')).toBe('');
    expect(server.loads.at(-1)).toMatchObject({ result: 'fatal' });
    expect(server.status).toBe('error');
    expect(await server.execute('plugin_loadmatch_url "ftp://example"')).toContain(
      'Invalid URL: ftp://example',
    );
  });

  it('sends the given header, refuses a second load and queues one during postgame', async () => {
    const server = await startServer();
    // A long wait before the end-of-series kick keeps the server in postgame for a while.
    await server.execute('plugin_series_end_kick_delay_demo_upload 20000');
    fake.receiver.matches.set('a.json', { body: matchConfig() });
    fake.receiver.matches.set('b.json', { body: matchConfig({ matchid: 44 }) });
    await server.execute(
      `plugin_loadmatch_url "${fake.receiver.url}/matches/a.json" "X-Plugin-Token" "load-1"`,
    );
    expect(fake.receiver.requests.at(-1)?.headers['x-plugin-token']).toBe('load-1');
    expect(server.convar('plugin_tournament_match')).toBe('42');
    expect(await server.execute(`plugin_loadmatch_url "${fake.receiver.url}/matches/b.json"`)).toContain(
      'A match is already setup with id: 42, cannot load a new match!',
    );

    await server.waitForStatus('postgame');
    expect(await server.execute(`plugin_loadmatch_url "${fake.receiver.url}/matches/b.json"`)).toContain(
      `Current match 42 is finishing. Queued next match from URL: ${fake.receiver.url}/matches/b.json to load after reset.`,
    );
    expect([server.status, server.convar('plugin_tournament_next_match')]).toEqual(['queued', 'b']);
    await waitFor(() => server.loads.find((load) => load.result === 'loaded' && load.matchId === 44), {
      intervalMs: 2,
      timeoutMs: 5000,
      message: 'match 44 loaded',
    });
    expect(server.convar('plugin_tournament_match')).toBe('44');
    const afterQueue = server.statusHistory.slice(server.statusHistory.indexOf('queued'));
    expect(afterQueue.slice(0, 4)).toEqual(['queued', 'idle', 'loading', 'warmup']);
  });
});

describe('an admin reset while a load is queued behind the postgame', () => {
  it.each(['matchzy', 'at'] as const)(
    '%s: what css_endmatch does to the queue, and the kick that still comes',
    async (flavour) => {
      // Match 44 stays in warmup (nobody connects): only the kick can take it off the server.
      const server = await startServer({
        flavour,
        script: (config) => (config.matchId === 44 ? { pace: { playerConnect: 100_000 } } : {}),
      });
      const p = `${flavour}_`;
      // 40 000 game s of postgame (0.4 real s on FAST): css_endmatch comes well before the kick.
      await server.execute(`${p}series_end_kick_delay_demo_upload 40000`);
      fake.receiver.matches.set('a.json', { body: matchConfig() });
      fake.receiver.matches.set('b.json', { body: matchConfig({ matchid: 44 }) });
      await server.execute(`${p}loadmatch_url "${fake.receiver.url}/matches/a.json"`);
      await server.waitForStatus('postgame');
      await server.execute(`${p}loadmatch_url "${fake.receiver.url}/matches/b.json"`);
      expect(server.status).toBe('queued');

      const reply = await server.execute('css_endmatch');
      if (flavour === 'at') {
        // 2.0.0 drops the queued load and says so.
        expect(reply).toContain('cleared_queued_match=b');
        expect(server.match).toBeNull();
        await server.execute(`${p}loadmatch_url "${fake.receiver.url}/matches/b.json"`);
        expect(server.match?.matchId).toBe(44);
      } else {
        // 1.4.21 loads it at once.
        expect(reply).toBe('');
        expect(server.match?.matchId).toBe(44);
      }
      expect(server.convar(`${p}tournament_next_match`)).toBe('');
      // The finished series' kick was not cancelled: it resets whatever is set up by then.
      await waitFor(() => server.match === null, {
        intervalMs: 2,
        timeoutMs: 5000,
        message: 'the end-of-series kick and reset',
      });
      expect(server.status).toBe('idle');
    },
  );
});

describe('simulation', () => {
  /** Players that never connect keep the match in warmup while its pace is checked. */
  const inWarmup: MatchScript = { seed: 1, pace: { playerConnect: 100_000 } };

  it.each([
    ['plugin', '1.4.21', 4],
    ['plugin', '1.4.25', 8],
    ['at', '2.0.0', 8],
  ] as const)(
    'plays at the config timescale 8 (%s %s: %s), and at 1 again once idle',
    async (flavour, pluginVersion, used) => {
      const server = await startServer({ flavour, pluginVersion, script: inWarmup });
      const prefix = `${flavour}_`;
      fake.receiver.matches.set('sim.json', {
        body: matchConfig({ simulation: true, simulation_timescale: 8 }),
      });
      await server.execute(`${prefix}loadmatch_url "${fake.receiver.url}/matches/sim.json"`);
      expect(server.convar('host_timescale')).toBe(String(used));
      expect(server.clock.msPerGameSecond).toBeCloseTo(FAST / used);

      await server.execute('css_endmatch');
      await server.waitForStatus('idle');
      expect(server.convar('host_timescale')).toBe('1');
      expect(server.clock.msPerGameSecond).toBeCloseTo(FAST);
    },
  );

  it('keeps the real pace for a match that is not simulated', async () => {
    const server = await startServer({ script: inWarmup });
    fake.receiver.matches.set('real.json', { body: matchConfig({ simulation_timescale: 8 }) });
    await server.execute(`plugin_loadmatch_url "${fake.receiver.url}/matches/real.json"`);
    expect(server.convar('host_timescale')).toBe('1');
    expect(server.clock.msPerGameSecond).toBe(FAST);
  });
});
