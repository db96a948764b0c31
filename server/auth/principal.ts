import type { TokenRole } from './tokens.js';

/** Who is calling: an API token or a signed-in person's session. */
export type Principal =
  | { kind: 'token'; role: TokenRole; label: string }
  | { kind: 'session'; role: 'admin' | 'player'; platformId: string | null; sessionId: string };

/**
 * Access words of the spec's endpoint table, plus `signed-in` (any credential at all) and
 * `admin-secrets`: admin, and read-only tokens are refused even for reading, because the answer holds
 * every secret (backups, API.md decision 9).
 */
export type Access =
  'public' | 'read' | 'admin' | 'admin-secrets' | 'integrator' | 'server' | 'events' | 'signed-in';

export const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isAdmin(principal: Principal | null): boolean {
  return principal !== null && principal.role === 'admin';
}
