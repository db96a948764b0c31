import type { AppContext } from '../../context.js';
import type { Principal } from '../../auth/principal.js';
import { generateSecret, sha256Hex } from '../../secrets.js';
import { createSessionsRepo } from './repo.js';

/** A session ends after a day without use, and after a week whatever happens. */
export const SESSION_IDLE_SECONDS = 24 * 3600;
export const SESSION_MAX_SECONDS = 7 * 24 * 3600;
/** One-time admin sign-in links (printed at headless start, handed to the desktop window). */
export const ADMIN_LINK_SECONDS = 24 * 3600;

export function createAuthService(ctx: AppContext) {
  const repo = createSessionsRepo(ctx.db);

  /** Starts a session; the raw id goes to the cookie, only its hash is stored. */
  function startSession(role: 'admin' | 'player', platformId: string | null): string {
    const id = generateSecret(32);
    const now = ctx.clock.now();
    repo.insert({
      id_hash: sha256Hex(id),
      role,
      platform_id: platformId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + SESSION_MAX_SECONDS,
    });
    ctx.secrets.add(id);
    return id;
  }

  return {
    startSession,

    findSession(sessionId: string): Principal | null {
      const idHash = sha256Hex(sessionId);
      const row = repo.get(idHash);
      const now = ctx.clock.now();
      if (!row || row.expires_at <= now || row.last_seen_at + SESSION_IDLE_SECONDS <= now) {
        return null;
      }
      if (now - row.last_seen_at >= 60) {
        repo.touch(idHash, now);
      }
      return { kind: 'session', role: row.role, platformId: row.platform_id, sessionId };
    },

    endSession(sessionId: string): void {
      repo.delete(sha256Hex(sessionId));
    },

    createAdminLinkToken(): string {
      const token = generateSecret(24);
      repo.insertAdminLink(sha256Hex(token), ctx.clock.now() + ADMIN_LINK_SECONDS);
      ctx.secrets.add(token);
      return token;
    },

    /** Exchanges a one-time admin link for an admin session; undefined if used or expired. */
    redeemAdminLink(token: string): string | undefined {
      if (!repo.useAdminLink(sha256Hex(token), ctx.clock.now())) {
        return undefined;
      }
      return startSession('admin', null);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
