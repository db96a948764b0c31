import { describe, expect, it } from 'vitest';
import { mapAfterChange } from '../../fakes/map-change.js';

describe('changing to a maplist entry, per plugin version (PROTOCOL.md 4.1)', () => {
  const workshop = { '3070212801': 'de_cache_classic' };
  it('1.4.x: an installed map or a bare workshop id; any other entry changes nothing', () => {
    expect(mapAfterChange('de_mirage', '1.4.21', workshop)).toEqual({ map: 'de_mirage' });
    expect(mapAfterChange('3070212801', '1.4.21', workshop)).toEqual({ map: 'de_cache_classic' });
    for (const entry of ['de_cache_classic', 'workshop/3070212801/de_cache_classic', 'mirage']) {
      expect(mapAfterChange(entry, '1.4.21', workshop)).toHaveProperty('stays');
    }
  });

  it('2.x: also a workshop path, a workshop URL, a short name and a workshop map’s name', () => {
    const url = 'https://steamcommunity.com/sharedfiles/filedetails/?id=3070212801';
    for (const entry of ['3070212801', 'workshop/3070212801/de_cache_classic', url, 'de_cache_classic']) {
      expect(mapAfterChange(entry, '2.0.0', workshop)).toEqual({ map: 'de_cache_classic' });
    }
    expect(mapAfterChange('mirage', '2.0.0', workshop)).toEqual({ map: 'de_mirage' });
    expect(mapAfterChange('de_unknown', '2.0.0', workshop)).toHaveProperty('stays');
  });
});
