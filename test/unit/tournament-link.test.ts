import { describe, expect, it } from 'vitest';
import { tournamentIdParam, withTournament } from '../../renderer/src/api/tournament-choice.js';

describe('links that keep the chosen tournament (decision 73)', () => {
  it('adds ?t= beside a link’s own query and fragment, and replaces another tournament’s', () => {
    expect(withTournament('/bracket', 2)).toBe('/bracket?t=2');
    expect(withTournament('/print/bracket?paper=a3', 2)).toBe('/print/bracket?paper=a3&t=2');
    expect(withTournament('/matches/final%201#maps', 7)).toBe('/matches/final%201?t=7#maps');
    expect(withTournament('/stats?t=1', 3)).toBe('/stats?t=3');
  });

  it('leaves a link alone for the primary', () => {
    expect(withTournament('/standings', null)).toBe('/standings');
  });

  it('reads only a positive whole number as a tournament', () => {
    expect(tournamentIdParam('12')).toBe(12);
    for (const raw of [null, '', '0', '-1', '1.5', 'side']) {
      expect(tournamentIdParam(raw)).toBeNull();
    }
  });
});
