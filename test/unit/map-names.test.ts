import { describe, expect, it } from 'vitest';
import { mapDisplayName } from '../../shared/domain/map-names.js';

const catalogue = { de_dust2: 'Dust II', de_overpass: 'Overpass' };

describe('mapDisplayName', () => {
  it('gives the catalogue’s display name of a map id', () => {
    expect(mapDisplayName('de_dust2', catalogue)).toBe('Dust II');
    expect(mapDisplayName('de_overpass', catalogue)).toBe('Overpass');
  });

  it('gives the catalogue’s name of a workshop path’s map file', () => {
    expect(mapDisplayName('workshop/3070284539/de_dust2', catalogue)).toBe('Dust II');
  });

  it('makes a name from an id the catalogue does not know', () => {
    expect(mapDisplayName('cs_office', catalogue)).toBe('Office');
    expect(mapDisplayName('de_lake_night', {})).toBe('Lake night');
    expect(mapDisplayName('workshop/123/cs_agency', {})).toBe('Agency');
  });

  it('keeps a workshop title without a prefix as it is', () => {
    expect(mapDisplayName('Cache', {})).toBe('Cache');
  });
});
