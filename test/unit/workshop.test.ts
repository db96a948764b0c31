import { describe, expect, it } from 'vitest';
import { mapIdFromTitle, parseWorkshopId } from '../../shared/domain/workshop.js';

describe('workshop lookups', () => {
  it('read the item id from the id or the item page URL', () => {
    expect(parseWorkshopId(' 3070284539 ')).toBe('3070284539');
    expect(
      parseWorkshopId('https://steamcommunity.com/sharedfiles/filedetails/?id=3070284539&searchtext='),
    ).toBe('3070284539');
    expect(parseWorkshopId('https://steamcommunity.com/sharedfiles/filedetails/')).toBeNull();
    expect(parseWorkshopId('de_mirage')).toBeNull();
    expect(parseWorkshopId('https://example.com/?id=12ab')).toBeNull();
  });

  it('suggest a map id the game would accept from the title', () => {
    expect(mapIdFromTitle('Cache (2024)')).toBe('cache_2024');
    expect(mapIdFromTitle('  Église — Nuit ')).toBe('eglise_nuit');
    expect(mapIdFromTitle('???')).toBe('workshop_map');
    expect(mapIdFromTitle('x'.repeat(100))).toHaveLength(64);
  });
});
