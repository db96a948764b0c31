import type { AppContext } from '../../context.js';
import type { Principal } from '../../auth/principal.js';
import { verifyPassword } from '../../auth/password.js';
import { AppError } from '../../errors.js';
import { generateSecret, sha256Hex } from '../../secrets.js';
import { createSharedFailureLimiter, type SharedFailureLimiter } from './shared-limiter.js';
import type { Me, SignInMethod } from '../../../shared/contracts/auth.js';
import type { PlayersService } from '../players/index.js';
import type { SettingsService } from '../settings/index.js';
import type { TeamsService } from '../teams/index.js';

/** A session ends after a day without use, and after a week whatever happens. */
export const SESSION_IDLE_SECONDS = 24 * 3600;
export const SESSION_MAX_SECONDS = 7 * 24 * 3600;
/** One-time admin sign-in links (printed at headless start, handed to the desktop window). */
export const ADMIN_LINK_SECONDS = 24 * 3600;
/** Wrong team codes: 10 per address in 10 minutes; wrong admin passwords: 5 in 15 minutes. */
export const LAN_LIMIT = { maxFailures: 10, windowSeconds: 600 };
export const PASSWORD_LIMIT = { maxFailures: 5, windowSeconds: 900 };

/** Who a successful sign-in proved someone to be. */
export interface SignInIdentity {
  platformId: string | null;
  method: SignInMethod;
  /** The platform id was proven by the platform or an identity provider (not picked from a roster). */
  verified: boolean;
  /** Admin whatever the platform id (admin link, admin password). */
  admin?: boolean;
}

export interface AuthDeps {
  settings: SettingsService;
  teams: TeamsService;
  players: PlayersService;
}

function rateLimited(retryAfter: number, what: string): AppError {
  const minutes = Math.ceil(retryAfter / 60);
  return new AppError(
    'RATE_LIMITED',
    429,
    `Too many wrong ${what} from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

export function createAuthService(ctx: AppContext, deps: AuthDeps) {
  const repo = ctx.repos.sessions;
  const now = () => ctx.clock.now();
  const lanLimiter = createSharedFailureLimiter(ctx, { scope: 'lan', ...LAN_LIMIT, now });
  const passwordLimiter = createSharedFailureLimiter(ctx, { scope: 'password', ...PASSWORD_LIMIT, now });
  const log = ctx.logger.child({ module: 'auth' });

  /** Only a proven platform id listed in ADMIN_PLATFORM_IDS makes an admin: a team code proves nothing. */
  function roleOf(identity: SignInIdentity): 'admin' | 'player' {
    if (identity.admin) {
      return 'admin';
    }
    return identity.verified &&
      identity.platformId !== null &&
      ctx.config.adminPlatformIds.includes(identity.platformId)
      ? 'admin'
      : 'player';
  }

  /**
   * Starts a session; the raw id goes to the cookie, only its hash is stored. The session the browser
   * had before is ended, so an id known before sign-in is worthless after it (no session fixation).
   */
  async function startSession(identity: SignInIdentity, previousSessionId?: string): Promise<string> {
    if (previousSessionId) {
      await repo.delete(sha256Hex(previousSessionId));
    }
    const at = now();
    await repo.deleteStale(at, at - SESSION_IDLE_SECONDS);
    const id = generateSecret(32);
    const role = roleOf(identity);
    await repo.insert({
      id_hash: sha256Hex(id),
      role,
      platform_id: identity.platformId,
      method: identity.method,
      verified: identity.verified ? 1 : 0,
      impersonating: null,
      created_at: at,
      last_seen_at: at,
      expires_at: at + SESSION_MAX_SECONDS,
    });
    ctx.secrets.add(id);
    log.info({ method: identity.method, role, platformId: identity.platformId }, 'signed in');
    return id;
  }

  async function liveSession(sessionId: string) {
    const idHash = sha256Hex(sessionId);
    const row = await repo.get(idHash);
    const at = now();
    if (!row || row.expires_at <= at || row.last_seen_at + SESSION_IDLE_SECONDS <= at) {
      return undefined;
    }
    if (at - row.last_seen_at >= 60) {
      await repo.touch(idHash, at);
    }
    return row;
  }

  async function checkLimit(limiter: SharedFailureLimiter, address: string, what: string): Promise<void> {
    const wait = await limiter.retryAfter(address);
    if (wait > 0) {
      throw rateLimited(wait, what);
    }
  }

  function adminSessionOf(principal: Principal | null) {
    if (principal?.kind !== 'session') {
      throw new AppError(
        'BAD_REQUEST',
        400,
        'Viewing the app as a player works in a signed-in browser, not with an API token.',
      );
    }
    return principal;
  }

  return {
    startSession,

    async findSession(sessionId: string): Promise<Principal | null> {
      const row = await liveSession(sessionId);
      if (!row) {
        return null;
      }
      if (row.impersonating !== null && row.role === 'admin') {
        return {
          kind: 'session',
          role: 'player',
          platformId: row.impersonating,
          sessionId,
          impersonating: true,
        };
      }
      return { kind: 'session', role: row.role, platformId: row.platform_id, sessionId };
    },

    /** The `GET /api/auth/me` answer. */
    async me(principal: Principal | null): Promise<Me> {
      const session = principal?.kind === 'session' ? principal : null;
      const row = session ? await repo.get(sha256Hex(session.sessionId)) : undefined;
      const player = session?.platformId ? await deps.players.find(session.platformId) : undefined;
      return {
        success: true,
        authenticated: session !== null,
        role: session?.role ?? null,
        platformId: session?.platformId ?? null,
        name: player?.name ?? null,
        signedInWith: row?.method ?? null,
        impersonating: session?.impersonating === true,
      };
    },

    /** Whom a session proves (not the impersonated player): what an SSO account may be linked to. */
    async provenIdentity(sessionId: string): Promise<{ platformId: string; verified: boolean } | undefined> {
      const row = await liveSession(sessionId);
      return row?.platform_id && row.impersonating === null
        ? { platformId: row.platform_id, verified: row.verified === 1 }
        : undefined;
    },

    async endSession(sessionId: string): Promise<void> {
      await repo.delete(sha256Hex(sessionId));
    },

    async createAdminLinkToken(): Promise<string> {
      const token = generateSecret(24);
      await repo.insertAdminLink(sha256Hex(token), now() + ADMIN_LINK_SECONDS);
      ctx.secrets.add(token);
      return token;
    },

    /** Exchanges a one-time admin link for an admin session; undefined if used or expired. */
    async redeemAdminLink(token: string, previousSessionId?: string): Promise<string | undefined> {
      if (!(await repo.useAdminLink(sha256Hex(token), now()))) {
        log.warn('an admin sign-in link was refused (used or expired)');
        return undefined;
      }
      return startSession(
        { platformId: null, method: 'admin-link', verified: false, admin: true },
        previousSessionId,
      );
    },

    hasAdminPassword: () => deps.settings.secret('adminPassword') !== undefined,

    /** The admin password set in settings; wrong tries are rate-limited per address. */
    async signInWithPassword(password: string, address: string, previousSessionId?: string): Promise<string> {
      const hash = deps.settings.secret('adminPassword');
      if (hash === undefined) {
        throw new AppError(
          'PROVIDER_NOT_CONFIGURED',
          404,
          'No admin password is set (Settings, admin password).',
        );
      }
      await checkLimit(passwordLimiter, address, 'passwords');
      if (!(await verifyPassword(password, hash))) {
        await passwordLimiter.recordFailure(address);
        log.warn({ address }, 'wrong admin password');
        throw new AppError('BAD_PASSWORD', 401, 'The admin password is not right.');
      }
      return startSession(
        { platformId: null, method: 'password', verified: false, admin: true },
        previousSessionId,
      );
    },

    /** LAN sign-in: a name from a roster plus that team's code; wrong codes are rate-limited per address. */
    async signInOnLan(
      platformId: string,
      teamCode: string,
      address: string,
      previousSessionId?: string,
    ): Promise<string> {
      await checkLimit(lanLimiter, address, 'team codes');
      if (!(await deps.teams.joinCodeMatches(platformId, teamCode))) {
        await lanLimiter.recordFailure(address);
        log.warn({ address, platformId }, 'wrong team code');
        throw new AppError(
          'BAD_TEAM_CODE',
          401,
          "That code is not your team's code. Ask your team captain or an admin for it.",
        );
      }
      return startSession({ platformId, method: 'lan', verified: false }, previousSessionId);
    },

    async impersonate(principal: Principal | null, platformId: string): Promise<void> {
      const session = adminSessionOf(principal);
      await deps.players.get(platformId);
      await repo.setImpersonating(sha256Hex(session.sessionId), platformId);
      log.info({ platformId }, 'admin started viewing the app as a player');
    },

    /** Ends impersonation; only the admin who started it (or an admin not impersonating) may call it. */
    async stopImpersonating(principal: Principal | null): Promise<void> {
      const session = adminSessionOf(principal);
      if (!session.impersonating && session.role !== 'admin') {
        throw new AppError('FORBIDDEN', 403, 'Only an admin may do this.');
      }
      await repo.setImpersonating(sha256Hex(session.sessionId), null);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
