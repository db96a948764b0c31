import { describe, expect, it } from 'vitest';
import { readCsv } from '../../shared/domain/csv.js';

describe('readCsv', () => {
  it('reads quoted fields with commas, "" escapes and line breaks, and numbers records by their first line', () => {
    const text = 'team,player\n"Owls, the","say ""hi"""\n"Fox\nes",b\nc,d';
    expect(readCsv(text)).toEqual({
      records: [
        { line: 1, fields: ['team', 'player'] },
        { line: 2, fields: ['Owls, the', 'say "hi"'] },
        { line: 3, fields: ['Fox\nes', 'b'] },
        { line: 5, fields: ['c', 'd'] },
      ],
      separator: ',',
    });
  });

  it('drops a byte-order mark, takes CRLF, skips empty lines but keeps counting them', () => {
    expect(readCsv('\uFEFFa,b\r\n\r\n  \r\n x , y \r\n').records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 4, fields: ['x', 'y'] },
    ]);
  });

  it('reads semicolon files when the header row has more semicolons than commas', () => {
    const semicolons = readCsv('team;tag\nOwls, the;OWL');
    expect(semicolons.records[1]!.fields).toEqual(['Owls, the', 'OWL']);
    expect(semicolons.separator).toBe(';');
    expect(readCsv('team,tag;x\nOwls,OWL;x').separator).toBe(',');
  });

  it('tells where a quote opened and never closed', () => {
    expect(readCsv('a,b\n1,"2\n3,4').unclosedQuoteLine).toBe(2);
  });
});
