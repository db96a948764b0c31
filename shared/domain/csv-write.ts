/**
 * CSV text from rows (RFC 4180): a header row, comma separated, CRLF line ends, a field quoted when it holds
 * a comma, a quote or a line break ("" for a quote inside). Numbers are written as they are (a dot for
 * decimals).
 */

export type CsvCell = string | number | null;

/**
 * Excel on Windows reads a CSV file without a byte-order mark in the machine's ANSI code page, so "Müller"
 * would open as "MÃ¼ller"; with the mark it reads UTF-8. LibreOffice, Numbers and Google Sheets accept the
 * mark too, and Matchday's own import strips it.
 */
export const CSV_BOM = '\uFEFF';

/**
 * Text that a spreadsheet would run as a formula (a player may call themselves `=HYPERLINK(...)`) gets a
 * leading apostrophe, which spreadsheets show as plain text (OWASP, CSV injection). Numbers are never text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(cell: CsvCell): string {
  if (cell === null) {
    return '';
  }
  const text = typeof cell === 'number' ? String(cell) : FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file's text: the byte-order mark, the header row, then one line per row. */
export function writeCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(cellText).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
