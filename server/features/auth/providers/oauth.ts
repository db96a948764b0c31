import { createHash } from 'node:crypto';
import type { OAuthEndpoints } from './endpoints.js';
import { providerFetch, SignInFailure } from './flow.js';

export interface OAuthClient {
  provider: 'discord' | 'github';
  endpoints: OAuthEndpoints;
  clientId: string;
  clientSecret: string;
}

/** The provider account a callback proved, as the provider names it. */
export interface ProviderAccount {
  subject: string;
  /** Discord's user id is also the chat-platform id stored on players. */
  chatId?: string;
  /** An ID token claim holding a platform id (OpenID Connect only). */
  platformId?: string;
}

const SCOPES = { discord: 'identify', github: 'read:user' } as const;

export const pkceChallenge = (verifier: string): string =>
  createHash('sha256').update(verifier).digest('base64url');

/** Authorization code flow with `state` and PKCE (S256). */
export function oauthSignInUrl(
  client: OAuthClient,
  params: { redirectUri: string; state: string; verifier: string },
): string {
  const url = new URL(client.endpoints.authorize);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: params.redirectUri,
    scope: SCOPES[client.provider],
    state: params.state,
    code_challenge: pkceChallenge(params.verifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  if (!res.ok) {
    throw new SignInFailure('provider-error', `${what} answered HTTP ${res.status}`);
  }
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    throw new SignInFailure('provider-error', `${what} did not answer JSON`);
  }
}

/** Exchanges the code (with the PKCE verifier) for an access token, then reads the account. */
export async function oauthAccount(
  client: OAuthClient,
  params: { code: string; redirectUri: string; verifier: string },
): Promise<ProviderAccount> {
  const tokenAnswer = await json(
    await providerFetch(client.endpoints.token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: params.code,
        redirect_uri: params.redirectUri,
        client_id: client.clientId,
        client_secret: client.clientSecret,
        code_verifier: params.verifier,
      }),
    }),
    'the token endpoint',
  );
  // The code host answers 200 with an `error` field for a bad code.
  if (typeof tokenAnswer.access_token !== 'string') {
    throw new SignInFailure(
      'provider-error',
      `no access token: ${String(tokenAnswer.error ?? 'unknown error')}`,
    );
  }
  const user = await json(
    await providerFetch(client.endpoints.user, {
      headers: {
        Authorization: `Bearer ${tokenAnswer.access_token}`,
        Accept: 'application/json',
        // The code host's API refuses requests without a User-Agent.
        'User-Agent': 'Matchday',
      },
    }),
    'the user endpoint',
  );
  const id = user.id;
  if (!(typeof id === 'string' || typeof id === 'number') || String(id) === '') {
    throw new SignInFailure('bad-identity', 'the provider answered an account without an id');
  }
  return client.provider === 'discord'
    ? { subject: String(id), chatId: String(id) }
    : { subject: String(id) };
}
