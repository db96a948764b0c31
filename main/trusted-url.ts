/** Pure URL decisions of the desktop shell; tested without Electron. */

/** True when `url` is a page of the embedded server itself (same scheme, host and port). */
export function isServerUrl(url: string, serverOrigin: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.origin === new URL(serverOrigin).origin && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

/** Links that may be handed to the system browser: plain http(s) only, never file:, javascript: or data:. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}
