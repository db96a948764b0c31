/** One console command as the engine hands it to a command handler. */
export interface ConsoleCommand {
  name: string;
  /** Arguments after the name, quotes removed. */
  args: string[];
  /** Everything after the name as typed, quotes kept (CounterStrikeSharp's `ArgString`). */
  argString: string;
}

/**
 * Unquoted tokens break on these characters, which become tokens of their own. This is why an
 * unquoted `http://host` reaches a command as `http` (PROTOCOL.md 5.4: always quote URLs).
 */
const BREAK_CHARACTERS = new Set(['{', '}', '(', ')', "'", ':']);

/** Splits a console line into commands at `;` outside quotes. */
export function splitStatements(line: string): string[] {
  const statements: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') {
      quoted = !quoted;
    }
    if (char === ';' && !quoted) {
      statements.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  statements.push(current);
  return statements.map((statement) => statement.trim()).filter(Boolean);
}

export function parseCommand(statement: string, breakOnSpecialCharacters = true): ConsoleCommand {
  const trimmed = statement.trim();
  const nameEnd = trimmed.search(/\s/);
  const name = (nameEnd === -1 ? trimmed : trimmed.slice(0, nameEnd)).toLowerCase();
  const argString = nameEnd === -1 ? '' : trimmed.slice(nameEnd).trim();
  return { name, args: tokenize(argString, breakOnSpecialCharacters), argString };
}

function tokenize(text: string, breakOnSpecialCharacters: boolean): string[] {
  const tokens: string[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === '"') {
      const end = text.indexOf('"', index + 1);
      const stop = end === -1 ? text.length : end;
      tokens.push(text.slice(index + 1, stop));
      index = stop + 1;
    } else if (breakOnSpecialCharacters && BREAK_CHARACTERS.has(char)) {
      tokens.push(char);
      index += 1;
    } else {
      let token = '';
      while (index < text.length) {
        const next = text[index] ?? '';
        if (/\s/.test(next) || next === '"' || (breakOnSpecialCharacters && BREAK_CHARACTERS.has(next))) {
          break;
        }
        token += next;
        index += 1;
      }
      tokens.push(token);
    }
  }
  return tokens;
}
