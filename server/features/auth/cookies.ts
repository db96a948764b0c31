import type { CookieOptions, Request, Response } from 'express';
import { readCookie, SESSION_COOKIE } from '../../http/middleware/auth.js';
import { SESSION_MAX_SECONDS } from './service.js';

/** The signed cookie that carries a provider sign-in from its start to its callback (state, nonce...). */
export const LINK_COOKIE = 'matchday_link';
const LINK_COOKIE_PATH = '/api/auth';
export const LINK_COOKIE_SECONDS = 600;

function options(req: Request, path: string, maxAgeSeconds: number): CookieOptions {
  return {
    httpOnly: true,
    // Lax: sent on the provider's top-level redirect back to us, never on another site's POST.
    sameSite: 'lax',
    // The LAN URL is plain http; Secure would make the browser drop the cookie there.
    secure: req.secure,
    path,
    maxAge: maxAgeSeconds * 1000,
  };
}

export function setSessionCookie(req: Request, res: Response, sessionId: string): void {
  res.cookie(SESSION_COOKIE, sessionId, options(req, '/', SESSION_MAX_SECONDS));
}

export const sessionCookieOf = (req: Request): string | undefined => readCookie(req, SESSION_COOKIE);

export function setLinkCookie(req: Request, res: Response, value: string): void {
  res.cookie(LINK_COOKIE, value, options(req, LINK_COOKIE_PATH, LINK_COOKIE_SECONDS));
}

export const linkCookieOf = (req: Request): string | undefined => readCookie(req, LINK_COOKIE);

export function clearLinkCookie(req: Request, res: Response): void {
  const { maxAge: _maxAge, ...rest } = options(req, LINK_COOKIE_PATH, 0);
  res.clearCookie(LINK_COOKIE, rest);
}

/** Logout: every cookie a sign-in may have left. */
export function clearSignInCookies(req: Request, res: Response): void {
  const { maxAge: _maxAge, ...rest } = options(req, '/', 0);
  res.clearCookie(SESSION_COOKIE, rest);
  clearLinkCookie(req, res);
}
