import type { RequestHandler } from 'express';

/**
 * The web app's pages have no inline script (vite emits modules), so scripts come from this origin only.
 * Styles may be inline (React style props, the not-built page). Images may come from https too: a map's
 * Steam Workshop preview. Everything else talks only to this server.
 */
const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data: https:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
];

/** Stream overlays (OBS browser sources) and the public bracket are meant to be shown inside other pages. */
export function isEmbeddable(path: string): boolean {
  return path.startsWith('/overlay/') || path === '/bracket' || path === '/bracket/';
}

const policyWithFraming = (framing: string) => [...APP_POLICY, `frame-ancestors ${framing}`].join('; ');
const EMBEDDABLE_POLICY = policyWithFraming('*');
const UNFRAMED_POLICY = policyWithFraming("'none'");

/** The Content-Security-Policy of an answer to `path`: framing refused except where it is a feature. */
export function contentSecurityPolicy(path: string): string {
  return isEmbeddable(path) ? EMBEDDABLE_POLICY : UNFRAMED_POLICY;
}

/**
 * Headers for every answer: a CSP, no MIME sniffing (uploaded demos and logos are never run as
 * script), no full URL in the Referer to other sites, and no framing of the console (clickjacking).
 */
export const securityHeaders: RequestHandler = (req, res, next) => {
  const embeddable = isEmbeddable(req.path);
  res.setHeader('Content-Security-Policy', embeddable ? EMBEDDABLE_POLICY : UNFRAMED_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  if (!embeddable) {
    res.setHeader('X-Frame-Options', 'DENY');
  }
  next();
};
