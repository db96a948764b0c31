import type { Request } from 'express';
import { z } from 'zod';
import type { Principal } from '../../auth/principal.js';
import { assertNotCrossOrigin } from '../../http/middleware/auth.js';
import type { RouteTable } from '../../http/route.js';
import {
  adminMeSchema,
  IMPERSONATION_HEADER,
  impersonateSchema,
  lanRosterSchema,
  lanSignInSchema,
  meSchema,
  passwordSignInSchema,
  type AdminMe,
} from '../../../shared/contracts/auth.js';
import { successSchema } from '../../../shared/contracts/common.js';
import type { TeamsService } from '../teams/index.js';
import { clearSignInCookies, sessionCookieOf, setSessionCookie } from './cookies.js';
import type { AuthService } from './service.js';

const TAG = 'Auth';

const CAPABILITIES: Record<AdminMe['role'], AdminMe['can']> = {
  admin: ['read', 'write', 'rcon', 'integrations'],
  readonly: ['read'],
  integrator: ['integrations'],
  player: [],
};

export function describePrincipal(principal: Principal): AdminMe {
  return {
    success: true,
    authenticated: true,
    kind: principal.kind,
    role: principal.role,
    label: principal.kind === 'token' ? principal.label : null,
    platformId: principal.kind === 'session' ? principal.platformId : null,
    can: CAPABILITIES[principal.role],
  };
}

/** The caller's address, for per-address rate limits (proxies are trusted on loopback only). */
const addressOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

export function registerAuthRoutes(routes: RouteTable, auth: AuthService, teams: TeamsService): void {
  routes.add({
    method: 'get',
    path: '/api/auth/admin/me',
    access: 'signed-in',
    tag: TAG,
    summary: 'Which token or session is used and what it can do',
    response: adminMeSchema,
    handler: ({ principal }) => describePrincipal(principal!),
  });

  routes.add({
    method: 'get',
    path: '/api/auth/me',
    access: 'public',
    tag: TAG,
    summary: 'The signed-in person, if any, and whether an admin is viewing the app as them',
    response: meSchema,
    handler: ({ principal }) => auth.me(principal),
  });

  routes.add({
    method: 'post',
    path: '/api/auth/logout',
    access: 'public',
    tag: TAG,
    summary: 'End the session (on the server too) and clear every sign-in cookie',
    response: successSchema,
    handler: async ({ req, res }) => {
      const sessionId = sessionCookieOf(req);
      if (sessionId) {
        await auth.endSession(sessionId);
      }
      clearSignInCookies(req, res);
      return { success: true };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/auth/admin-link/:token',
    access: 'public',
    tag: TAG,
    summary: 'One-time admin sign-in link (headless start, desktop window); redirects to the console',
    params: z.object({ token: z.string().min(1).max(200) }),
    status: 302,
    produces: 'text/html',
    handler: async ({ params, req, res }) => {
      const sessionId = await auth.redeemAdminLink(params.token, sessionCookieOf(req));
      if (!sessionId) {
        res.redirect(302, '/signin?error=admin-link');
        return undefined;
      }
      setSessionCookie(req, res, sessionId);
      res.redirect(302, '/admin');
      return undefined;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/auth/lan/roster',
    access: 'public',
    tag: TAG,
    summary: 'Teams and their players, for the LAN sign-in page to pick a name from',
    response: lanRosterSchema,
    handler: async () => ({
      success: true,
      teams: (await teams.rosterList()).map(({ id, name, tag, players }) => ({
        id,
        name,
        tag,
        players: players.map(({ platformId, name: playerName }) => ({ platformId, name: playerName })),
      })),
    }),
  });

  routes.add({
    method: 'post',
    path: '/api/auth/lan',
    access: 'public',
    tag: TAG,
    summary: 'LAN sign-in without internet: a name from a roster plus the team code (401 BAD_TEAM_CODE, 429)',
    body: lanSignInSchema,
    response: meSchema,
    handler: async ({ body, req, res }) => {
      assertNotCrossOrigin(req);
      const sessionId = await auth.signInOnLan(
        body.platformId,
        body.teamCode,
        addressOf(req),
        sessionCookieOf(req),
      );
      setSessionCookie(req, res, sessionId);
      return auth.me(await auth.findSession(sessionId));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/auth/password',
    access: 'public',
    tag: TAG,
    summary: 'Admin sign-in with the admin password set in settings (401 BAD_PASSWORD, 429)',
    body: passwordSignInSchema,
    response: meSchema,
    handler: async ({ body, req, res }) => {
      assertNotCrossOrigin(req);
      const sessionId = await auth.signInWithPassword(body.password, addressOf(req), sessionCookieOf(req));
      setSessionCookie(req, res, sessionId);
      return auth.me(await auth.findSession(sessionId));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/auth/impersonate',
    access: 'admin',
    tag: TAG,
    summary: 'View the app as a player (admin sessions); admin rights are off until DELETE',
    body: impersonateSchema,
    response: meSchema,
    handler: async ({ body, principal, req, res }) => {
      await auth.impersonate(principal, body.platformId);
      res.setHeader(IMPERSONATION_HEADER, body.platformId);
      return auth.me(await auth.findSession(sessionCookieOf(req)!));
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/auth/impersonate',
    // The caller is an admin whose session currently acts as a player, so `admin` would refuse it.
    access: 'signed-in',
    tag: TAG,
    summary: 'Stop viewing the app as a player (the admin who started it)',
    response: meSchema,
    handler: async ({ principal, req, res }) => {
      await auth.stopImpersonating(principal);
      res.removeHeader(IMPERSONATION_HEADER);
      return auth.me(await auth.findSession(sessionCookieOf(req)!));
    },
  });
}
