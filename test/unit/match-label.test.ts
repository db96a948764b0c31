import { describe, expect, it } from 'vitest';
import { lastRoundsOf, namedRoundOf, parseMatchLabel } from '../../shared/domain/match-label.js';

describe('parseMatchLabel', () => {
  it('reads the numbered labels of every stage engine', () => {
    expect(parseMatchLabel('Group A R1 M2')).toEqual({ kind: 'group', group: 'A', round: 1, number: 2 });
    expect(parseMatchLabel('Swiss R3 M4')).toEqual({ kind: 'swiss', round: 3, number: 4 });
    expect(parseMatchLabel('Shuffle R2 M1')).toEqual({ kind: 'shuffle', round: 2, number: 1 });
    expect(parseMatchLabel('RR R1 M1')).toEqual({ kind: 'roundRobin', round: 1, number: 1 });
    expect(parseMatchLabel('R2 M1')).toEqual({ kind: 'round', round: 2, number: 1 });
    expect(parseMatchLabel('UB R1 M3')).toEqual({ kind: 'upper', round: 1, number: 3 });
    expect(parseMatchLabel('LB R4 M1')).toEqual({ kind: 'lower', round: 4, number: 1 });
  });

  it('reads the named matches', () => {
    expect(parseMatchLabel('Final')).toEqual({ kind: 'final' });
    expect(parseMatchLabel('Third Place')).toEqual({ kind: 'thirdPlace' });
    expect(parseMatchLabel('Grand Final')).toEqual({ kind: 'grandFinal' });
    expect(parseMatchLabel('Grand Final (reset)')).toEqual({ kind: 'grandFinalReset' });
  });

  it('reads empty slots down to the match they wait for', () => {
    expect(parseMatchLabel('Winner of UB R1 M2')).toEqual({
      kind: 'winnerOf',
      match: { kind: 'upper', round: 1, number: 2 },
    });
    expect(parseMatchLabel('Loser of Group B R1 M1')).toEqual({
      kind: 'loserOf',
      match: { kind: 'group', group: 'B', round: 1, number: 1 },
    });
    expect(parseMatchLabel('Group C #2')).toEqual({ kind: 'groupPlace', group: 'C', place: 2 });
  });

  it("keeps an organiser's own label as text, even when it resembles a pattern", () => {
    expect(parseMatchLabel('Opening match')).toEqual({ kind: 'text', text: 'Opening match' });
    expect(parseMatchLabel('Showmatch R1 M1')).toEqual({ kind: 'text', text: 'Showmatch R1 M1' });
    expect(parseMatchLabel('final')).toEqual({ kind: 'text', text: 'final' });
  });
});

describe('namedRoundOf', () => {
  it('names the rounds before the final of an eight-team bracket', () => {
    expect(namedRoundOf(parseMatchLabel('R1 M4'), 3)).toBe('quarterFinal');
    expect(namedRoundOf(parseMatchLabel('R2 M1'), 3)).toBe('semiFinal');
    expect(namedRoundOf(parseMatchLabel('UB R2 M2'), 3)).toBe('semiFinal');
  });

  it("names the upper and the lower bracket's last round their final", () => {
    expect(namedRoundOf(parseMatchLabel('UB R4 M1'), 4)).toBe('final');
    expect(namedRoundOf(parseMatchLabel('LB R6 M1'), 6)).toBe('final');
  });

  it('leaves earlier rounds, the lower bracket before its final and group matches numbered', () => {
    expect(namedRoundOf(parseMatchLabel('R1 M1'), 4)).toBeNull();
    expect(namedRoundOf(parseMatchLabel('LB R2 M1'), 3)).toBeNull();
    expect(namedRoundOf(parseMatchLabel('Group A R2 M1'), 3)).toBeNull();
  });
});

describe('lastRoundsOf', () => {
  it('counts the single-elimination and upper-bracket rounds, the third place match aside', () => {
    const matches = [
      { bracket: 'SE', round: 1, label: 'R1 M1' },
      { bracket: 'SE', round: 2, label: 'Final' },
      { bracket: 'SE', round: 3, label: 'Third Place' },
      { bracket: 'RR', round: 5, label: 'Group A R5 M1' },
    ];
    expect(lastRoundsOf(matches)).toEqual({ round: 2 });
    expect(
      lastRoundsOf([
        { bracket: 'UB', round: 3, label: 'UB R3 M1' },
        { bracket: 'LB', round: 4, label: 'LB R4 M1' },
      ]),
    ).toEqual({ upper: 3, lower: 4 });
    expect(lastRoundsOf([])).toEqual({});
  });
});
