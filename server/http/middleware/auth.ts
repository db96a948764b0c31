import type { Request, RequestHandler } from 'express';
import { AppError } from '../../errors.js';
import { READ_METHODS, type Access, type Principal } from '../../auth/principal.js';
import type { ApiToken } from '../../auth/tokens.js';
import { secretsEqual } from '../../secrets.js';
import { FLAVOUR_NAMES } from '../../integrations/plugin/flavours.js';
import { IMPERSONATION_HEADER } from '../../../shared/contracts/auth.js';

export const SESSION_COOKIE = 'matchday_session';

export interface AuthDeps {
  apiTokens: readonly ApiToken[];
  serverToken: () => string;
  allowUnauthenticatedEvents: boolean;
  findSession: (sessionId: string) => Promise<Principal | null>;
  /** The server whose current bootstrap or report token this is. */
  findServerByToken: (kind: 'bootstrap' | 'report', token: string) => Promise<string | undefined>;
}

/** A cookie with a broken %-escape is not ours: read as absent, never a 500. */
function decodeCookieValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) {
    return undefined;
  }
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      return decodeCookieValue(part.slice(eq + 1).trim());
    }
  }
  return undefined;
}

function presentedToken(req: Request): string | undefined {
  const authorization = req.headers.authorization;
  if (authorization?.startsWith('Bearer ')) {
    return authorization.slice('Bearer '.length).trim();
  }
  const header = req.headers['x-api-token'];
  return typeof header === 'string' ? header.trim() : undefined;
}

function matchToken(tokens: readonly ApiToken[], given: string): ApiToken | undefined {
  // Compare against every token so the time taken does not reveal which one matched.
  let found: ApiToken | undefined;
  for (const token of tokens) {
    if (secretsEqual(given, token.secret)) {
      found = token;
    }
  }
  return found;
}

/** Works out who is calling; refuses only cross-site changes carrying a session cookie (CSRF). */
export function authenticate(deps: AuthDeps): RequestHandler {
  return async (req, res, next) => {
    req.principal = null;
    req.badCredential = false;
    const given = presentedToken(req);
    if (given !== undefined) {
      const token = matchToken(deps.apiTokens, given);
      if (token) {
        req.principal = { kind: 'token', role: token.role, label: token.label };
      } else {
        req.badCredential = true;
      }
    } else {
      const sessionId = readCookie(req, SESSION_COOKIE);
      if (sessionId) {
        req.principal = await deps.findSession(sessionId);
      }
      // A browser sends the cookie along with any site's form or script: changes must come from our pages.
      if (req.principal && !READ_METHODS.has(req.method) && !sameOrigin(req)) {
        throw crossOrigin();
      }
      if (req.principal?.kind === 'session' && req.principal.impersonating) {
        res.setHeader(IMPERSONATION_HEADER, req.principal.platformId ?? '');
      }
    }
    next();
  };
}

const crossOrigin = () =>
  new AppError('FORBIDDEN', 403, 'This change must come from the Matchday web app itself.');

/**
 * Sign-in forms refuse another site's page even without a session cookie (login CSRF: being signed in
 * as someone else); programs that send no Origin header are let through.
 */
export function assertNotCrossOrigin(req: Request): void {
  if (req.headers.origin !== undefined && !sameOrigin(req)) {
    throw crossOrigin();
  }
}

const unauthenticated = (req: Request) =>
  new AppError(
    'UNAUTHENTICATED',
    401,
    req.badCredential
      ? 'The API token is not valid.'
      : 'Sign in, or send an API token as "Authorization: Bearer <token>" or "X-API-Token".',
  );

/** A browser session may change things only from the app's own pages (CSRF defence). */
function sameOrigin(req: Request): boolean {
  const origin = req.headers.origin ?? req.headers.referer;
  if (!origin) {
    return false;
  }
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function checkPrincipal(access: Access, req: Request): void {
  const principal = req.principal;
  if (!principal) {
    throw unauthenticated(req);
  }
  const reading = READ_METHODS.has(req.method);
  if (access === 'signed-in') {
    return;
  }
  if (principal.role === 'admin') {
    return;
  }
  if (principal.role === 'readonly') {
    if (access === 'admin-secrets') {
      throw new AppError('FORBIDDEN', 403, 'This answer holds secrets; a read-only token may not read it.');
    }
    if (!reading) {
      throw new AppError('READ_ONLY_TOKEN', 403, 'A read-only token can only read (GET, HEAD, OPTIONS).');
    }
    return;
  }
  if (principal.role === 'integrator') {
    if (access !== 'integrator') {
      throw new AppError('FORBIDDEN', 403, 'An integrator token may only call /api/integrations/... .');
    }
    return;
  }
  throw new AppError('FORBIDDEN', 403, 'Only an admin may do this.');
}

/** Plugin generations send the token under their own header name (PROTOCOL.md, Appendix A). */
const PLUGIN_TOKEN_HEADERS = [
  ...new Set(Object.values(FLAVOUR_NAMES).map((names) => names.tokenHeader.toLowerCase())),
];

function pluginToken(req: Request): string | undefined {
  for (const name of PLUGIN_TOKEN_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') {
      return value;
    }
  }
  return undefined;
}

const badPluginToken = (given: string | undefined, what: string) =>
  new AppError(
    'UNAUTHENTICATED',
    401,
    given === undefined ? 'The X-Plugin-Token header is missing.' : `The ${what} is not valid.`,
  );

async function checkPluginToken(access: Access, req: Request, deps: AuthDeps): Promise<void> {
  const given = pluginToken(req);
  if (access === 'bootstrap' || access === 'report') {
    const serverId = given === undefined ? undefined : await deps.findServerByToken(access, given);
    if (serverId === undefined) {
      // A bootstrap token is replaced at every setup: an older one is stale.
      throw badPluginToken(
        given,
        access === 'bootstrap' ? 'bootstrap token (stale or wrong)' : 'report token',
      );
    }
    req.pluginServerId = serverId;
    return;
  }
  if (given !== undefined && secretsEqual(given, deps.serverToken())) {
    return;
  }
  if (access === 'events' && given === undefined && deps.allowUnauthenticatedEvents) {
    return;
  }
  throw badPluginToken(given, 'X-Plugin-Token');
}

/** The per-route gate for one access word. */
export function guard(access: Access, deps: AuthDeps): RequestHandler {
  return async (req, _res, next) => {
    if (access === 'server-or-admin' && pluginToken(req) !== undefined) {
      await checkPluginToken('server', req, deps);
    } else if (access === 'server-or-admin') {
      // The plugin's file may carry the event header and its token in `match_config` (API.md decision 9).
      checkPrincipal('admin-secrets', req);
    } else if (access === 'server' || access === 'events' || access === 'bootstrap' || access === 'report') {
      await checkPluginToken(access, req, deps);
    } else if (access !== 'public') {
      checkPrincipal(access, req);
    }
    next();
  };
}
