import { describe, expect, it } from 'vitest';
import { mapsVerdict, pluginSupport, readInstalledMaps } from '../../shared/domain/preflight-server.js';
import { preflightPassed, tournamentChecks } from '../../shared/domain/preflight-tournament.js';
import { isIndividualPlatformId } from '../../shared/domain/steam-id.js';

const player = (n: number) => ({ id: String(76561198000000000n + BigInt(n)), name: `p${n}` });
const facts = {
  tournament: { id: '1', name: 'Cup', type: 'single_elimination', teamSize: 2 },
  teams: [
    { id: 'a', name: 'A', players: [player(1), player(2)] },
    { id: 'b', name: 'B', players: [player(3), player(4)] },
  ],
  mapProblems: [],
  firstRoundMatches: 1,
  enabledServers: 1,
  casters: [],
};

describe('preflight rules', () => {
  it('a valid id is an individual account: neither account 0 nor beyond 32 bits', () => {
    expect(isIndividualPlatformId('76561197960265729')).toBe(true);
    expect(isIndividualPlatformId('76561197960265728')).toBe(false);
    expect(isIndividualPlatformId(String(76561197960265728n + 0x100000000n))).toBe(false);
    expect(isIndividualPlatformId('7656119796026572')).toBe(false);
  });

  it('a sound tournament passes every check; a shuffle has no rosters to check', () => {
    const checks = tournamentChecks(facts);
    expect(checks.every((c) => c.ok)).toBe(true);
    expect(checks.filter((c) => c.check === 'roster')).toHaveLength(2);
    const shuffle = tournamentChecks({ ...facts, tournament: { ...facts.tournament, type: 'shuffle' } });
    expect(shuffle.filter((c) => c.check === 'roster')).toHaveLength(0);
  });

  it('too few servers is a warning: it alone does not fail the preflight', () => {
    const checks = tournamentChecks({ ...facts, firstRoundMatches: 3 });
    expect(checks.find((c) => c.check === 'server_count')).toMatchObject({ ok: false, severity: 'warning' });
    expect(preflightPassed(checks)).toBe(true);
  });

  it('without a tournament only the casters are checked', () => {
    const checks = tournamentChecks({
      ...facts,
      tournament: null,
      casters: [{ platformId: '1', name: 'x' }],
    });
    expect(checks.map((c) => c.check)).toEqual(['casters']);
    expect(preflightPassed(checks)).toBe(false);
  });

  it('supports 1.4.21 and later 1.4.x and 2.x, nothing older and no unknown version', () => {
    expect(pluginSupport('P', '1.4.21').ok).toBe(true);
    expect(pluginSupport('P', '1.4.25').ok).toBe(true);
    expect(pluginSupport('P', '2.0.0').ok).toBe(true);
    expect(pluginSupport('P', '1.4.20').ok).toBe(false);
    expect(pluginSupport('P', '1.5.0').ok).toBe(false);
    expect(pluginSupport('P', null).message).toMatch(/could not be read: install/);
  });

  it('reads the maps `maps *` lists; an engine that does not answer makes the check a warning', () => {
    expect(readInstalledMaps('maps/\nde_dust2.vpk\nde_mirage.vpk\ngraphics_settings.vpk')).toEqual(
      new Set(['de_dust2', 'de_mirage']),
    );
    expect(readInstalledMaps('Unknown command "maps"')).toBeNull();
    const pool = [
      { id: 'de_mirage', workshopId: null },
      { id: 'de_custom', workshopId: '123' },
    ];
    expect(mapsVerdict(pool, new Set(['de_mirage']))).toMatchObject({ ok: true, known: true });
    expect(mapsVerdict(pool, new Set(['de_dust2']))).toMatchObject({ ok: false, known: true });
    expect(mapsVerdict(pool, null)).toMatchObject({ ok: false, known: false });
    // Workshop maps alone need no listing.
    expect(mapsVerdict([pool[1]!], null)).toMatchObject({ ok: true });
  });
});
