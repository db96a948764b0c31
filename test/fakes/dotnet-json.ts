export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
/** Key order is kept as inserted: the plugin writes derived-class keys first and `event` last. */
export interface JsonObject {
  [key: string]: JsonValue | undefined;
}

/** Printable ASCII that System.Text.Json's default encoder writes as is. */
const SAFE = /^[\x20-\x7e]$/;
/** HTML-sensitive characters the default encoder escapes although they are printable. */
const ESCAPED_PRINTABLE = new Set(['"', '&', "'", '+', '<', '>', '`']);
const SHORT_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\f': '\\f',
  '\r': '\\r',
};

/**
 * Serialises like .NET System.Text.Json with default options (PROTOCOL.md 2.1): compact unless
 * indented, `null` written, non-ASCII and HTML-sensitive characters as uppercase `\uXXXX`.
 * `undefined` members are left out (the report omits nulls that way).
 */
export function toDotnetJson(value: JsonValue, indented = false): string {
  return write(value, indented ? '\n' : '');
}

function write(value: JsonValue, newline: string): string {
  if (value === null) {
    return 'null';
  }
  if (typeof value === 'string') {
    return quote(value);
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  const inner = newline ? `${newline}  ` : '';
  const separator = newline ? ': ' : ':';
  const items = Array.isArray(value)
    ? value.map((item) => write(item, inner))
    : Object.entries(value)
        .filter((entry): entry is [string, JsonValue] => entry[1] !== undefined)
        .map(([key, item]) => `${quote(key)}${separator}${write(item, inner)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (items.length === 0) {
    return open + close;
  }
  return newline
    ? `${open}${inner}${items.join(`,${inner}`)}${newline}${close}`
    : open + items.join(',') + close;
}

function quote(text: string): string {
  let out = '"';
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    const short = SHORT_ESCAPES[char];
    if (short) {
      out += short;
    } else if (SAFE.test(char) && !ESCAPED_PRINTABLE.has(char)) {
      out += char;
    } else {
      out += `\\u${text.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0')}`;
    }
  }
  return `${out}"`;
}
