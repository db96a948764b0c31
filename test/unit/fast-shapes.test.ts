import { describe, expect, it } from 'vitest';
import { pluginEventSchema, roundEndSchema } from '../../shared/contracts/plugin-events.js';
import { fastPluginEvent, fastRoundEnd } from '../../server/features/plugin-events/fast-shapes.js';

const player = (steamid: string, damage?: unknown) => ({
  steamid,
  name: steamid,
  stats: damage === undefined ? { kills: 1 } : { kills: 1, damage },
});
const roundEnd = (overrides: Record<string, unknown> = {}) => ({
  event: 'round_end',
  matchid: 7,
  map_number: 0,
  round_number: 3,
  team1: { score: 2, series_score: 0, players: [player('76561198000000001', 120)] },
  team2: { score: 1, series_score: 0, players: [player('76561198000000002')], extra: 'kept' },
  ...overrides,
});

describe('fast shape checks of the hot plugin events', () => {
  it('reads a well-typed round_end as the schemas read it', () => {
    const e = roundEnd();
    expect(fastPluginEvent(e)).toEqual(pluginEventSchema.parse(e));
    expect(fastRoundEnd(e)).toEqual(roundEndSchema.parse(e));
  });

  it.each([
    ['a numeric string round number', { round_number: '3' }],
    ['a fractional round number', { round_number: 3.5 }],
    ['a team without score (the schema defaults it)', { team1: { series_score: 0, players: [] } }],
    ['a team without players (the schema defaults them)', { team2: { score: 0, series_score: 0 } }],
    [
      'a null damage (the schema coerces it)',
      { team1: { score: 0, series_score: 0, players: [player('76561198000000001', null)] } },
    ],
    ['a missing team', { team2: undefined }],
  ])('leaves %s to the schema', (_what, overrides) => {
    expect(fastRoundEnd(roundEnd(overrides))).toBeUndefined();
  });

  it.each([
    ['no event name', { event: '' }],
    ['a too long event name', { event: 'x'.repeat(65) }],
    ['a numeric string matchid', { matchid: '7' }],
    ['an unsafe map number', { map_number: 2 ** 60 }],
  ])('leaves an envelope with %s to the schema', (_what, overrides) => {
    expect(fastPluginEvent(roundEnd(overrides))).toBeUndefined();
  });

  it('leaves what is not an object to the schema', () => {
    for (const json of [null, [], 'round_end', 5]) {
      expect(fastPluginEvent(json)).toBeUndefined();
    }
  });
});
