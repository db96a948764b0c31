import { describe, expect, it } from 'vitest';
import { cardScore } from '../../renderer/src/features/bracket/card-score.js';

const match = {
  team1MapScore: 9,
  team2MapScore: 7,
  team1SeriesScore: 1,
  team2SeriesScore: 0,
};

describe('the one score of a match card', () => {
  it('counts the rounds of a live best-of-one', () => {
    expect(cardScore({ ...match, status: 'live', format: 'bo1' })).toEqual({
      unit: 'rounds',
      team1: 9,
      team2: 7,
    });
  });

  it('counts the maps of a live series', () => {
    expect(cardScore({ ...match, status: 'live', format: 'bo3' })).toEqual({
      unit: 'maps',
      team1: 1,
      team2: 0,
    });
  });

  it('shows the series without a unit once the match is not live', () => {
    expect(cardScore({ ...match, status: 'completed', format: 'bo1' })).toEqual({
      unit: null,
      team1: 1,
      team2: 0,
    });
  });
});
