import { describe, expect, it } from 'vitest';
import { buildMatchConfig, type MatchConfigInput } from '../../server/integrations/plugin/match-config.js';
import { cvarCommands, parseMatchConfig } from '../fakes/match-config.js';

const roster = (from: number) =>
  Array.from({ length: 5 }, (_, i) => ({
    platformId: String(76561198000000000n + BigInt(from + i)),
    name: `p${from + i}`,
  }));

const input: MatchConfigInput = {
  matchid: 42,
  format: 'bo3',
  maps: ['de_mirage', 'de_inferno', 'de_nuke'],
  workshopIds: {},
  team1: { id: 'alpha', name: 'Alpha', tag: 'ALP', players: roster(1) },
  team2: { id: 'bravo', name: 'Bravo', tag: 'BRV', players: roster(6) },
  teamSize: 5,
  spectators: [],
  maxRounds: 24,
  overtimeMode: 'enabled',
  hostnameFormat: 'LAN Cup | {team1} vs {team2}',
  label: 'UB R1 M1',
  flavour: 'plugin',
};

describe('buildMatchConfig', () => {
  it('writes the plugin config: players as an object, maps, knife sides, cvars, hostname', () => {
    const config = buildMatchConfig(input);
    expect(config).toMatchObject({
      matchid: 42,
      num_maps: 3,
      maplist: ['de_mirage', 'de_inferno', 'de_nuke'],
      map_sides: ['knife', 'knife', 'knife'],
      skip_veto: true,
      players_per_team: 5,
      team1: { id: 'alpha', name: 'Alpha', players: { '76561198000000001': 'p1' } },
      cvars: { mp_maxrounds: 24, mp_overtime_enable: 1, hostname: 'LAN Cup - Alpha vs Bravo' },
      maxRounds: 24,
      overtimeMode: 'enabled',
    });
    expect(Array.isArray((config.team2 as { players: unknown }).players)).toBe(false);
  });

  it('sends a series started one map up as one map fewer: a bo3 grand final plays 2 maps (decision 78)', () => {
    const config = buildMatchConfig({ ...input, mapAdvantage: 'team1' });
    expect(config).toMatchObject({
      num_maps: 2,
      maplist: ['de_mirage', 'de_inferno'],
      map_sides: ['knife', 'knife'],
    });
  });

  it('passes the fake plugin’s own validation, for every format and overtime mode', () => {
    for (const format of ['bo1', 'bo3', 'bo5'] as const) {
      for (const overtimeMode of ['enabled', 'disabled_tiebreak', 'disabled_draw'] as const) {
        const maps = ['de_ancient', 'de_anubis', 'de_dust2', 'de_inferno', 'de_mirage'];
        const config = buildMatchConfig({ ...input, format, overtimeMode, maps });
        const parsed = parseMatchConfig(JSON.stringify(config), {
          previousTeamIds: { team1: '', team2: '' },
        } as never);
        expect(parsed.kind, JSON.stringify(parsed)).toBe('ok');
        if (parsed.kind === 'ok') {
          // 2.x skips a cvar it finds unsafe: the hostname must survive (and 1.4.21 quotes every value).
          for (const version of ['1.4.21', '2.0.0']) {
            expect(cvarCommands(parsed.config.cvars, version)).toContain(
              'hostname "LAN Cup - Alpha vs Bravo"',
            );
          }
        }
      }
    }
  });

  it('the fake runs config cvars as each version does: 1.4.21 quotes every value, 2.x leaves numbers bare', () => {
    const cvars: [string, string][] = [
      ['matchzy_series_end_kick_delay_no_demo', '10'],
      ['hostname', 'Cup; quit'],
    ];
    expect(cvarCommands(cvars, '1.4.21')).toEqual([
      'matchzy_series_end_kick_delay_no_demo "10"',
      'hostname "Cup; quit"',
    ]);
    expect(cvarCommands(cvars, '2.0.0')).toEqual(['matchzy_series_end_kick_delay_no_demo 10']);
  });

  it('turns overtime off in both disabled modes, and keeps the server hostname when the format is empty', () => {
    const config = buildMatchConfig({ ...input, overtimeMode: 'disabled_draw', hostnameFormat: ' ' });
    expect(config.overtimeMode).toBe('disabled');
    expect(config.cvars).toEqual({ mp_maxrounds: 24, mp_overtime_enable: 0 });
  });

  it('simulated matches: restart delay and kick delays of 10 s, tv_delay 0, the timescale, in the flavour’s names', () => {
    const config = buildMatchConfig({ ...input, flavour: 'matchzy', simulation: { timescale: 4 } });
    expect(config).toMatchObject({ simulation: true, simulation_timescale: 4 });
    expect(config.cvars).toMatchObject({
      mp_match_restart_delay: 10,
      tv_delay: 0,
      matchzy_series_end_kick_delay_no_demo: 10,
      matchzy_series_end_kick_delay_demo_no_upload: 10,
      matchzy_series_end_kick_delay_demo_upload: 10,
    });
  });

  it('plays the team size, not the roster length, and lists every roster player, substitutes included', () => {
    const withSubstitute = { ...input.team1, players: roster(1).concat(roster(20).slice(0, 1)) };
    const config = buildMatchConfig({ ...input, team1: withSubstitute, teamSize: 5 });
    expect(config).toMatchObject({ players_per_team: 5, min_players_to_ready: 5 });
    expect(Object.keys((config.team1 as { players: object }).players)).toHaveLength(6);
    const wingman = buildMatchConfig({ ...input, teamSize: 2 });
    expect(wingman).toMatchObject({ players_per_team: 2, min_players_to_ready: 2 });
  });

  it('plays a 2v2 in wingman mode, larger teams in competitive mode', () => {
    const parse = (teamSize: number) =>
      parseMatchConfig(JSON.stringify(buildMatchConfig({ ...input, teamSize })), {
        previousTeamIds: { team1: '', team2: '' },
      } as never);
    expect(parse(2)).toMatchObject({ kind: 'ok', config: { wingman: true } });
    expect(parse(5)).toMatchObject({ kind: 'ok', config: { wingman: false } });
  });

  it('lists the casters as spectators, keyed by platform id', () => {
    const caster = { platformId: '76561198000000999', name: 'Caster One' };
    expect(buildMatchConfig(input).spectators).toEqual({ players: {} });
    expect(buildMatchConfig({ ...input, spectators: [caster] }).spectators).toEqual({
      players: { '76561198000000999': 'Caster One' },
    });
  });

  it('sends a workshop map as its bare numeric id, an installed map by its name', () => {
    const config = buildMatchConfig({
      ...input,
      maps: ['de_mirage', 'de_cache_classic', 'de_nuke'],
      workshopIds: { de_cache_classic: '3070212801' },
    });
    expect(config.maplist).toEqual(['de_mirage', '3070212801', 'de_nuke']);
  });

  it('refuses a series without enough maps', () => {
    expect(() => buildMatchConfig({ ...input, maps: ['de_mirage'] })).toThrow(/bo3 needs 3 maps/);
  });
});
