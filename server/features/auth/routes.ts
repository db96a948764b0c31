import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Principal } from '../../auth/principal.js';
import { readCookie, SESSION_COOKIE } from '../../http/middleware/auth.js';
import type { RouteTable } from '../../http/route.js';
import { adminMeSchema, meSchema, type AdminMe } from '../../../shared/contracts/auth.js';
import { successSchema } from '../../../shared/contracts/common.js';
import { SESSION_MAX_SECONDS, type AuthService } from './service.js';

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

export function setSessionCookie(req: Request, res: Response, sessionId: string): void {
  res.cookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    // The LAN URL is plain http; Secure would make the browser drop the cookie there.
    secure: req.secure,
    path: '/',
    maxAge: SESSION_MAX_SECONDS * 1000,
  });
}

export function registerAuthRoutes(routes: RouteTable, auth: AuthService): void {
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
    summary: 'The signed-in person, if any',
    response: meSchema,
    handler: ({ principal }) => {
      const session = principal?.kind === 'session' ? principal : null;
      return {
        success: true,
        authenticated: session !== null,
        role: session?.role ?? null,
        platformId: session?.platformId ?? null,
      };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/auth/logout',
    access: 'public',
    tag: TAG,
    summary: 'End the session (on the server too) and clear its cookie',
    response: successSchema,
    handler: ({ req, res }) => {
      const sessionId = readCookie(req, SESSION_COOKIE);
      if (sessionId) {
        auth.endSession(sessionId);
      }
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/auth/admin-link/:token',
    access: 'public',
    tag: TAG,
    summary: 'One-time admin sign-in link (printed at headless start); redirects to the console',
    params: z.object({ token: z.string().min(1).max(200) }),
    status: 302,
    produces: 'text/html',
    handler: ({ params, req, res }) => {
      const sessionId = auth.redeemAdminLink(params.token);
      if (!sessionId) {
        res.redirect(302, '/signin?error=admin-link');
        return undefined;
      }
      setSessionCookie(req, res, sessionId);
      res.redirect(302, '/admin');
      return undefined;
    },
  });
}
