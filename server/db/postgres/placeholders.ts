/**
 * Statements are written once with SQLite's placeholders (`?` in order, or `@name` bound from one
 * object); PostgreSQL numbers them (`$1`). Translated once, when a statement is prepared.
 */
export interface TranslatedSql {
  text: string;
  /** For `@name` statements: the object keys in `$n` order; empty for positional ones. */
  names: string[];
}

export function toNumberedPlaceholders(sql: string): TranslatedSql {
  const names: string[] = [];
  let text = '';
  let positional = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      // A quoted string or identifier is copied as it is ('' inside is its own quote).
      const end = sql.indexOf(c, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      text += sql.slice(i, stop);
      i = stop;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      text += sql.slice(i, stop);
      i = stop;
    } else if (c === '?') {
      text += `$${++positional}`;
      i += 1;
    } else if (c === '@' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))![0];
      let index = names.indexOf(name);
      if (index === -1) {
        index = names.push(name) - 1;
      }
      text += `$${index + 1}`;
      i += 1 + name.length;
    } else {
      text += c;
      i += 1;
    }
  }
  if (positional > 0 && names.length > 0) {
    throw new Error(`A statement mixes ? and @name placeholders: ${sql}`);
  }
  return { text, names };
}

/** The values in `$n` order from the arguments a statement was called with. */
export function bindValues(translated: TranslatedSql, params: readonly unknown[]): unknown[] {
  if (translated.names.length === 0) {
    // Like better-sqlite3, positional values may also come as one array.
    const values = params.length === 1 && Array.isArray(params[0]) ? (params[0] as unknown[]) : params;
    return values.map(toPostgresValue);
  }
  const named = (params[0] ?? {}) as Record<string, unknown>;
  return translated.names.map((name) => {
    if (!(name in named)) {
      throw new Error(`Missing named parameter: ${name}`);
    }
    return toPostgresValue(named[name]);
  });
}

/** SQLite stores what it is given; PostgreSQL's columns take the same values once bigints are plain. */
function toPostgresValue(value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
