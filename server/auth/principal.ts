import type { TokenRole } from './tokens.js';

/** Who is calling: an API token or a signed-in person's session. */
export type Principal =
  | { kind: 'token'; role: TokenRole; label: string }
  | {
      kind: 'session';
      role: 'admin' | 'player';
      platformId: string | null;
      sessionId: string;
      /** An admin viewing the app as the player `platformId`: every admin right is off meanwhile. */
      impersonating?: boolean;
    };

/**
 * Access words of the spec's endpoint table, plus `signed-in` (any credential at all),
 * `admin-secrets` (admin, and read-only tokens are refused even for reading, because the answer holds
 * every secret: backups, API.md decision 9), and the two per-server plugin tokens: `bootstrap` (handed
 * over at setup) and `report` (handed over at bootstrap); `server-or-admin`: the plugin token when one is
 * sent, else admin (a round backup the plugin loads, or an admin downloads).
 */
export type Access =
  | 'public'
  | 'read'
  | 'admin'
  | 'admin-secrets'
  | 'integrator'
  | 'server'
  | 'server-or-admin'
  | 'events'
  | 'signed-in'
  | 'bootstrap'
  | 'report';

export const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isAdmin(principal: Principal | null): boolean {
  return principal !== null && principal.role === 'admin';
}

/** How a change log names who made the change: never a secret, only a token's label or a platform id. */
export function describeActor(principal: Principal | null): string {
  if (principal === null) {
    return 'system';
  }
  if (principal.kind === 'token') {
    return `token:${principal.label}`;
  }
  return `${principal.role}:${principal.platformId ?? 'session'}`;
}
