import { createHmac } from 'node:crypto';
import { secretsEqual } from '../secrets.js';

/** `<base64url JSON>.<base64url HMAC-SHA256>`: a cookie value the browser can carry but not change. */
export function signValue(value: unknown, key: string): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${mac(payload, key)}`;
}

/** The value, or undefined when the text was not signed with `key` or is not JSON. */
export function verifySignedValue(text: string, key: string): unknown {
  const dot = text.lastIndexOf('.');
  if (dot <= 0) {
    return undefined;
  }
  const payload = text.slice(0, dot);
  if (!secretsEqual(text.slice(dot + 1), mac(payload, key))) {
    return undefined;
  }
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function mac(payload: string, key: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}
