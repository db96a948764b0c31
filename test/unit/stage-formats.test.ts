import { describe, expect, it } from 'vitest';
import {
  bracketRoundKeys,
  eliminationShape,
  isRoundKey,
  resolveFormat,
  roundKeysOf,
  type BracketShape,
} from '../../shared/domain/stage-formats.js';

const POOL = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];
const defaults = { format: 'bo1' as const, mapPool: POOL };
const se: BracketShape = { upperRounds: 4, lowerRounds: 0, thirdPlace: true, grandFinal: false };
const de: BracketShape = { upperRounds: 3, lowerRounds: 4, thirdPlace: false, grandFinal: true };

describe('round keys (decision 31)', () => {
  it('accepts the key shapes of each elimination type only', () => {
    for (const key of ['R1', 'R12', 'quarter_final', 'semi_final', 'final', 'third_place']) {
      expect(isRoundKey('single_elimination', key), key).toBe(true);
    }
    for (const key of ['UB R1', 'LB R3', 'ub_final', 'lb_final', 'grand_final']) {
      expect(isRoundKey('double_elimination', key), key).toBe(true);
    }
    for (const key of ['R0', 'r1', 'Final', 'UB R1', 'grand_final', 'R1 ']) {
      expect(isRoundKey('single_elimination', key), key).toBe(false);
    }
    for (const key of ['R1', 'UB R0', 'UB  R1', 'final', 'third_place']) {
      expect(isRoundKey('double_elimination', key), key).toBe(false);
    }
  });

  it('lists the rounds a bracket has, so well-formed keys naming others can be warned about', () => {
    expect([...bracketRoundKeys('single_elimination', se)].sort()).toEqual(
      ['R1', 'R2', 'R3', 'R4', 'final', 'quarter_final', 'semi_final', 'third_place'].sort(),
    );
    const small = bracketRoundKeys('single_elimination', { ...se, upperRounds: 2, thirdPlace: false });
    expect(small.has('quarter_final')).toBe(false);
    expect(small.has('third_place')).toBe(false);
    const noGrandFinal = bracketRoundKeys('double_elimination', { ...de, grandFinal: false });
    expect(noGrandFinal.has('grand_final')).toBe(false);
    expect(noGrandFinal.has('LB R4')).toBe(true);
    expect(noGrandFinal.has('LB R5')).toBe(false);
  });

  it('names a match round by its named key first, then R<n>', () => {
    expect(roundKeysOf({ bracket: 'SE', round: 4, thirdPlace: false }, se)).toEqual(['final', 'R4']);
    expect(roundKeysOf({ bracket: 'SE', round: 3, thirdPlace: false }, se)).toEqual(['semi_final', 'R3']);
    expect(roundKeysOf({ bracket: 'SE', round: 2, thirdPlace: false }, se)).toEqual(['quarter_final', 'R2']);
    expect(roundKeysOf({ bracket: 'SE', round: 1, thirdPlace: false }, se)).toEqual(['R1']);
    expect(roundKeysOf({ bracket: 'SE', round: 1, thirdPlace: true }, se)).toEqual(['third_place']);
    expect(roundKeysOf({ bracket: 'UB', round: 3, thirdPlace: false }, de)).toEqual(['ub_final', 'UB R3']);
    expect(roundKeysOf({ bracket: 'LB', round: 2, thirdPlace: false }, de)).toEqual(['LB R2']);
    expect(roundKeysOf({ bracket: 'LB', round: 4, thirdPlace: false }, de)).toEqual(['lb_final', 'LB R4']);
    expect(roundKeysOf({ bracket: 'GF2', round: 2, thirdPlace: false }, de)).toEqual(['grand_final']);
    expect(roundKeysOf({ bracket: 'RR', round: 2, thirdPlace: false }, de)).toEqual([]);
  });
});

describe('format resolution (decisions 31-32)', () => {
  it('takes the tournament default, then the stage, then the round, field by field', () => {
    expect(resolveFormat(defaults, undefined, undefined, ['R1'])).toEqual({
      format: 'bo1',
      mapPool: POOL,
      formatFrom: 'tournament',
    });
    expect(resolveFormat(defaults, { mapPool: ['x'] }, undefined, [])).toEqual({
      format: 'bo1',
      mapPool: ['x'],
      formatFrom: 'tournament',
    });
    expect(resolveFormat(defaults, { format: 'bo3' }, { R2: { format: 'bo5' } }, ['R1'])).toEqual({
      format: 'bo3',
      mapPool: POOL,
      formatFrom: 'stage',
    });
    expect(
      resolveFormat(
        defaults,
        { format: 'bo3', mapPool: ['x'] },
        { final: { mapPool: ['y'] }, R4: { format: 'bo5' } },
        ['final', 'R4'],
      ),
    ).toEqual({ format: 'bo5', mapPool: ['y'], formatFrom: 'round' });
  });

  it('lets a named key win over R<n> for the same round', () => {
    const rounds = { final: { format: 'bo5' as const }, R4: { format: 'bo3' as const } };
    expect(resolveFormat(defaults, undefined, rounds, ['final', 'R4']).format).toBe('bo5');
  });
});

describe('the shape of a bracket before the draw', () => {
  it('fills up to a power of two; a double elimination has 2 lower rounds per upper round after the first', () => {
    const options = { thirdPlace: true, grandFinal: true };
    expect(eliminationShape('single_elimination', 5, options)).toEqual({
      upperRounds: 3,
      lowerRounds: 0,
      thirdPlace: true,
      grandFinal: false,
    });
    expect(eliminationShape('double_elimination', 8, options)).toEqual(de);
    expect(eliminationShape('double_elimination', 4, { thirdPlace: false, grandFinal: false })).toEqual({
      upperRounds: 2,
      lowerRounds: 2,
      thirdPlace: false,
      grandFinal: false,
    });
    // Two teams: one round, no semi-finals to lose for a third place.
    expect(eliminationShape('single_elimination', 2, options).thirdPlace).toBe(false);
    expect([
      ...bracketRoundKeys('single_elimination', eliminationShape('single_elimination', 0, options)),
    ]).toEqual(['R1', 'final']);
  });
});
