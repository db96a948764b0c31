import { describe, expect, it } from 'vitest';
import {
  applyVetoAction,
  availableMaps,
  nextStep,
  poolProblem,
  randomLegalAction,
  skippedResult,
  VETO_ORDERS,
  vetoResult,
  type Veto,
  type VetoRequest,
} from '../../shared/domain/veto.js';
import type { MatchFormat } from '../../shared/contracts/matches.js';

const POOL = ['de_ancient', 'de_anubis', 'de_dust2', 'de_inferno', 'de_mirage', 'de_nuke', 'de_train'];

function play(format: MatchFormat, requests: VetoRequest[]): Veto {
  let veto: Veto = { format, pool: POOL, history: [] };
  for (const request of requests) {
    const outcome = applyVetoAction(veto, request);
    if (!outcome.ok) {
      throw new Error(outcome.message);
    }
    veto = outcome.veto;
  }
  return veto;
}

const ban = (team: 'team1' | 'team2', map: string): VetoRequest => ({ team, action: 'ban', map });
const pick = (team: 'team1' | 'team2', map: string): VetoRequest => ({ team, action: 'pick', map });
const side = (team: 'team1' | 'team2', s: 'ct' | 't'): VetoRequest => ({ team, action: 'side', side: s });

describe('veto orders (team A = team1)', () => {
  it('bo1: A bans 2, B bans 3, A bans 1, B picks the side on the last map', () => {
    expect(VETO_ORDERS.bo1.map((s) => `${s.team}:${s.action}`)).toEqual([
      'team1:ban',
      'team1:ban',
      'team2:ban',
      'team2:ban',
      'team2:ban',
      'team1:ban',
      'team2:side',
    ]);
    const veto = play('bo1', [
      ban('team1', 'de_ancient'),
      ban('team1', 'de_anubis'),
      ban('team2', 'de_dust2'),
      ban('team2', 'de_inferno'),
      ban('team2', 'de_mirage'),
      ban('team1', 'de_nuke'),
      side('team2', 'ct'),
    ]);
    expect(nextStep(veto)).toBeUndefined();
    // Team B starts CT, so team 1 starts T.
    expect(vetoResult(veto)).toEqual([{ map: 'de_train', pickedBy: 'decider', side: 'team1_t' }]);
  });

  it('bo3: bans, picks with the other team choosing sides, then the decider with B choosing the side', () => {
    const veto = play('bo3', [
      ban('team1', 'de_ancient'),
      ban('team2', 'de_anubis'),
      pick('team1', 'de_mirage'),
      side('team2', 't'),
      pick('team2', 'de_nuke'),
      side('team1', 'ct'),
      ban('team2', 'de_dust2'),
      ban('team1', 'de_inferno'),
      side('team2', 't'),
    ]);
    expect(vetoResult(veto)).toEqual([
      { map: 'de_mirage', pickedBy: 'team1', side: 'team1_ct' },
      { map: 'de_nuke', pickedBy: 'team2', side: 'team1_ct' },
      { map: 'de_train', pickedBy: 'decider', side: 'team1_ct' },
    ]);
  });

  it('bo5: four picks each followed by the other side, the last map is map 5 (knife)', () => {
    const veto = play('bo5', [
      ban('team1', 'de_ancient'),
      ban('team2', 'de_anubis'),
      pick('team1', 'de_dust2'),
      side('team2', 'ct'),
      pick('team2', 'de_inferno'),
      side('team1', 't'),
      pick('team1', 'de_mirage'),
      side('team2', 't'),
      pick('team2', 'de_nuke'),
      side('team1', 'ct'),
    ]);
    expect(vetoResult(veto).map((m) => [m.map, m.pickedBy, m.side])).toEqual([
      ['de_dust2', 'team1', 'team1_t'],
      ['de_inferno', 'team2', 'team1_t'],
      ['de_mirage', 'team1', 'team1_ct'],
      ['de_nuke', 'team2', 'team1_ct'],
      ['de_train', 'decider', 'knife'],
    ]);
  });
});

describe('refused actions', () => {
  const start: Veto = { format: 'bo3', pool: POOL, history: [] };

  it('the other team, or the wrong kind of action, is not on turn', () => {
    const wrongTeam = applyVetoAction(start, ban('team2', 'de_nuke'));
    expect(!wrongTeam.ok && wrongTeam.code).toBe('VETO_NOT_YOUR_TURN');
    const wrongKind = applyVetoAction(start, pick('team1', 'de_nuke'));
    expect(!wrongKind.ok && [wrongKind.code, wrongKind.message]).toEqual([
      'VETO_NOT_YOUR_TURN',
      "It is team A's turn to choose a map ban.",
    ]);
  });

  it('a banned, picked or unknown map is unavailable', () => {
    const after = play('bo3', [ban('team1', 'de_nuke')]);
    expect(availableMaps(after)).not.toContain('de_nuke');
    for (const map of ['de_nuke', 'de_cache', undefined]) {
      const outcome = applyVetoAction(after, { team: 'team2', action: 'ban', map });
      expect(!outcome.ok && outcome.code).toBe('VETO_MAP_UNAVAILABLE');
    }
  });

  it('a finished veto refuses everything', () => {
    const done = play('bo1', [
      ban('team1', 'de_ancient'),
      ban('team1', 'de_anubis'),
      ban('team2', 'de_dust2'),
      ban('team2', 'de_inferno'),
      ban('team2', 'de_mirage'),
      ban('team1', 'de_nuke'),
      side('team2', 'ct'),
    ]);
    const outcome = applyVetoAction(done, side('team2', 't'));
    expect(!outcome.ok && outcome.code).toBe('VETO_COMPLETE');
  });

  it('a side pick needs a side', () => {
    const atSide = play('bo3', [
      ban('team1', 'de_ancient'),
      ban('team2', 'de_anubis'),
      pick('team1', 'de_mirage'),
    ]);
    const outcome = applyVetoAction(atSide, { team: 'team2', action: 'side' });
    expect(!outcome.ok && outcome.code).toBe('VALIDATION_FAILED');
  });

  it('the pool must be exactly 7 different maps', () => {
    expect(poolProblem(POOL)).toBeNull();
    expect(poolProblem(POOL.slice(1))).toMatch(/exactly 7/);
    expect(poolProblem([...POOL.slice(1), POOL[1]!])).toMatch(/exactly 7/);
  });
});

describe('random legal actions and a skipped veto', () => {
  it.each(['bo1', 'bo3', 'bo5'] as const)('%s: random legal actions always complete the veto', (format) => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let run = 0; run < 50; run++) {
      let veto: Veto = { format, pool: POOL, history: [] };
      for (let action = randomLegalAction(veto, random); action; action = randomLegalAction(veto, random)) {
        const outcome = applyVetoAction(veto, action);
        expect(outcome.ok).toBe(true);
        veto = outcome.ok ? outcome.veto : veto;
      }
      const maps = vetoResult(veto).map((m) => m.map);
      expect(maps).toHaveLength({ bo1: 1, bo3: 3, bo5: 5 }[format]);
      expect(new Set(maps).size).toBe(maps.length);
    }
  });

  it('skipping plays the first maps of the pool with knife rounds', () => {
    expect(skippedResult('bo3', POOL)).toEqual([
      { map: 'de_ancient', pickedBy: 'decider', side: 'knife' },
      { map: 'de_anubis', pickedBy: 'decider', side: 'knife' },
      { map: 'de_dust2', pickedBy: 'decider', side: 'knife' },
    ]);
  });
});
