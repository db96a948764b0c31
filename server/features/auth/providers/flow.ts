import type { Request } from 'express';
import { z } from 'zod';
import { signValue, verifySignedValue } from '../../../auth/signed-value.js';
import type { SignInError, SignInProvider } from '../../../../shared/contracts/auth.js';

/** A sign-in that failed in a way the sign-in page explains (`/signin?error=<code>`). */
export class SignInFailure extends Error {
  constructor(
    readonly code: SignInError,
    /** For the log: what exactly went wrong (never a secret). */
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'SignInFailure';
  }
}

/** What the signed link cookie carries from a provider sign-in's start to its callback. */
const flowSchema = z.object({
  provider: z.string(),
  state: z.string(),
  verifier: z.string(),
  nonce: z.string(),
  /** Link the provider account to this player instead of signing in (profile page). */
  linkTo: z.object({ platformId: z.string(), verified: z.boolean() }).nullable(),
  returnTo: z.string(),
  expiresAt: z.number(),
});
export type SignInFlow = z.infer<typeof flowSchema>;

export const sealFlow = (flow: SignInFlow, key: string): string => signValue(flow, key);

/** The flow of this callback; a cookie that is missing, forged, stale or for another provider fails. */
export function openFlow(
  cookie: string | undefined,
  key: string,
  provider: SignInProvider,
  now: number,
): SignInFlow {
  if (!cookie) {
    throw new SignInFailure(
      'bad-state',
      'no link cookie: the sign-in was started in another browser or expired',
    );
  }
  const parsed = flowSchema.safeParse(verifySignedValue(cookie, key));
  if (!parsed.success) {
    throw new SignInFailure('bad-state', 'the link cookie is not signed by this Matchday');
  }
  if (parsed.data.provider !== provider || parsed.data.expiresAt <= now) {
    throw new SignInFailure('bad-state', 'the link cookie is for another provider or has expired');
  }
  return parsed.data;
}

/** This app's origin as the browser sees it (the LAN address, or the local one in the desktop window). */
export function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host')}`;
}

export function callbackUrl(req: Request, provider: SignInProvider): string {
  return `${originOf(req)}/api/auth/${provider}/callback`;
}

/** Only paths of this app: an open redirect would hand the signed-in browser to any site. */
export function safeReturnTo(value: unknown): string | null {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : null;
}

export const PROVIDER_TIMEOUT_MS = 5000;

/** Network failures (no internet on the LAN, DNS, refused, timeout) as opposed to answers. */
export function isUnreachable(err: unknown): boolean {
  const e = err as { name?: string; message?: string; cause?: unknown };
  return (
    e?.name === 'TimeoutError' ||
    e?.name === 'AbortError' ||
    (e instanceof TypeError && /fetch failed/i.test(e.message)) ||
    (e?.cause !== undefined && e.cause !== err && isUnreachable(e.cause))
  );
}

/** An outbound request to a provider; a network failure becomes `provider-unreachable`. */
export async function providerFetch(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (err) {
    throw new SignInFailure('provider-unreachable', `${new URL(url).host} cannot be reached: ${String(err)}`);
  }
}
