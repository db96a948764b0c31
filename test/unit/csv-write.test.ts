import { describe, expect, it } from 'vitest';
import { readCsv } from '../../shared/domain/csv.js';
import { CSV_BOM, writeCsv } from '../../shared/domain/csv-write.js';

describe('writeCsv', () => {
  it('writes a byte-order mark, CRLF lines, and quotes only what needs it', () => {
    const text = writeCsv(
      ['name', 'score'],
      [
        ['plain', 3],
        ['a, "b"', -2],
        ['two\nlines', null],
      ],
    );
    expect(text).toBe(`${CSV_BOM}name,score\r\nplain,3\r\n"a, ""b""",-2\r\n"two\nlines",\r\n`);
  });

  it('defuses text a spreadsheet would run as a formula, never numbers', () => {
    const text = writeCsv(['x'], [['=1+1'], ['+1'], ['-1'], ['@SUM(A1)'], [-1]]);
    expect(
      readCsv(text)
        .records.slice(1)
        .map((r) => r.fields[0]),
    ).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", '-1']);
  });

  it('reads back with the import reader as written', () => {
    const rows = [['Müller, "Die Ersten"', 'Jörg']];
    expect(readCsv(writeCsv(['team', 'player'], rows)).records.map((r) => r.fields)).toEqual([
      ['team', 'player'],
      ...rows,
    ]);
  });
});
