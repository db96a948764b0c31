/**
 * CSV text as records that remember the line they start on, so an import can name the row a person sees
 * in their spreadsheet. RFC 4180 quoting ("" inside quotes, commas and line breaks in quoted fields), a
 * leading byte-order mark, CRLF or LF, and a comma or semicolon separator (what the header row uses most:
 * spreadsheets in German locales write semicolons). Fields are trimmed; lines with no text are skipped.
 */

export interface CsvRecord {
  /** 1-based line of the file the record starts on. */
  line: number;
  fields: string[];
}

export interface CsvReading {
  records: CsvRecord[];
  /** The separator the header row uses, so a row can be shown as its file writes it. */
  separator: ',' | ';';
  /** A quote opened and never closed: the records read up to it are kept. */
  unclosedQuoteLine?: number;
}

const BOM = '\uFEFF';

function separatorOf(text: string): ',' | ';' {
  const end = text.search(/[\r\n]/);
  const firstLine = end === -1 ? text : text.slice(0, end);
  return firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
}

export function readCsv(input: string): CsvReading {
  const text = input.startsWith(BOM) ? input.slice(BOM.length) : input;
  const separator = separatorOf(text);
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 0;

  const endRecord = () => {
    fields.push(field.trim());
    if (fields.some((f) => f !== '')) {
      records.push({ line: recordLine, fields });
    }
    fields = [];
    field = '';
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
          line++;
        }
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
      quoteLine = line;
    } else if (c === separator) {
      fields.push(field.trim());
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') {
        i++;
      }
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += c;
    }
  }
  endRecord();
  return quoted ? { records, separator, unclosedQuoteLine: quoteLine } : { records, separator };
}
