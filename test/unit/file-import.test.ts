import { describe, expect, it } from 'vitest';
import { ImportFileError, parseCsv, mapsFromFile, playersFromFile } from '../../shared/domain/file-import.js';

describe('CSV reading', () => {
  it('splits on commas, keeps quoted commas and "" escapes, skips blank lines, accepts CRLF', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\r\n\r\n c ,d')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['c', 'd'],
    ]);
  });

  it('reads semicolon files (spreadsheets in many locales) when the header has more semicolons', () => {
    expect(parseCsv('team;tag\nOwls;OWL')).toEqual([
      ['team', 'tag'],
      ['Owls', 'OWL'],
    ]);
  });
});

describe('a file that cannot be read', () => {
  it('names what is wrong with it', () => {
    expect(() => playersFromFile('p.json', '[{')).toThrow(ImportFileError);
    expect(() => playersFromFile('p.json', '{"people": []}')).toThrow('an object with a "players" array');
    expect(() => playersFromFile('p.csv', 'club,tag\n1,2')).toThrow(
      'The CSV header row needs the columns platformId, player; missing: platformId, player. Found: club, tag.',
    );
    expect(() => playersFromFile('p.csv', '')).toThrow('The file is empty.');
  });
});

describe('players from a file', () => {
  it('reads platform id, name, and the optional chat id and rating', () => {
    const csv =
      'platformId,name,discord,rating\n76561198000000001,hoot,1234,1620\n76561198000000002,screech,,';
    expect(playersFromFile('p.csv', csv)).toEqual([
      { platformId: '76561198000000001', name: 'hoot', chatId: '1234', rating: 1620 },
      { platformId: '76561198000000002', name: 'screech' },
    ]);
  });
});

describe('maps from a file', () => {
  it('reads a CSV of id, name and an optional workshop id, and a JSON array or { maps }', () => {
    const csv = 'Map,Name,Workshop\nde_cache,Cache,3070284539\nde_train,Train,\n';
    expect(mapsFromFile('maps.csv', csv)).toEqual([
      { id: 'de_cache', displayName: 'Cache', workshopId: '3070284539' },
      { id: 'de_train', displayName: 'Train' },
    ]);
    const maps = [{ id: 'de_cache', displayName: 'Cache' }];
    expect(mapsFromFile('maps.json', JSON.stringify(maps))).toEqual(maps);
    expect(mapsFromFile('maps.json', JSON.stringify({ maps }))).toEqual(maps);
    expect(() => mapsFromFile('maps.csv', 'title\nCache')).toThrow(
      /needs the columns mapId, displayName; missing: mapId/,
    );
  });
});
