import { expect } from 'vitest';

/** Values of Set-Cookie headers (session ids, signed link cookies). */
export function cookieValues(setCookieHeaders: readonly string[]): string[] {
  return setCookieHeaders
    .map((header) => header.split(';')[0]!.split('=').slice(1).join('='))
    .filter((value) => value.length > 0);
}

/** No secret (6+ characters: team join codes are 6) appears in any log line, raw or URL-encoded. */
export function expectNoSecretsInLogs(logs: readonly string[], secrets: readonly string[]): void {
  const everything = logs.join('\n');
  for (const secret of new Set(secrets.filter((s) => s.length >= 6))) {
    expect(everything, 'a secret reached the log').not.toContain(secret);
    expect(everything, 'a URL-encoded secret reached the log').not.toContain(encodeURIComponent(secret));
  }
}
