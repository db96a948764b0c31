import * as client from 'openid-client';
import { platformIdSchema } from '../../../../shared/contracts/common.js';
import { isUnreachable, PROVIDER_TIMEOUT_MS, SignInFailure } from './flow.js';
import type { ProviderAccount } from './oauth.js';
import { pkceChallenge } from './oauth.js';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claim of the ID token that holds the player's platform id; '' when the provider has none. */
  platformIdClaim: string;
}

/** Discovery is fetched once per issuer and client and kept for 10 minutes. */
const DISCOVERY_SECONDS = 600;

function failureOf(err: unknown): SignInFailure {
  if (err instanceof SignInFailure) {
    return err;
  }
  if (isUnreachable(err)) {
    return new SignInFailure('provider-unreachable', 'the identity provider cannot be reached');
  }
  if (err instanceof client.AuthorizationResponseError) {
    return err.error === 'access_denied'
      ? new SignInFailure('denied', 'the person cancelled at the identity provider')
      : new SignInFailure('provider-error', `the identity provider answered ${err.error}`);
  }
  if (err instanceof client.ResponseBodyError) {
    return new SignInFailure('provider-error', `the identity provider answered ${err.error}`);
  }
  // openid-client wraps the check that failed ("invalid response encountered") around its cause.
  const messages: string[] = [];
  for (let e: unknown = err; e instanceof Error && messages.length < 5; e = e.cause) {
    messages.push(e.message);
  }
  const message = messages.join(': ') || String(err);
  return /signature/i.test(message)
    ? new SignInFailure('bad-signature', `ID token: ${message}`)
    : new SignInFailure('bad-identity', `ID token: ${message}`);
}

/** OpenID Connect through `openid-client`: discovery, code flow with PKCE, state and nonce checks. */
export function createOidcClient(now: () => number) {
  let cached: { key: string; config: client.Configuration; until: number } | undefined;

  async function configuration(settings: OidcSettings): Promise<client.Configuration> {
    const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
    if (cached?.key === key && cached.until > now()) {
      return cached.config;
    }
    try {
      const config = await client.discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        {
          execute: [
            // ID token signatures are checked against the provider's published keys, TLS or not: on a
            // LAN the identity provider may well be plain http.
            client.enableNonRepudiationChecks,
            // An organiser may run the identity provider on the LAN over plain http; they typed that URL.
            ...(settings.issuer.startsWith('http:') ? [client.allowInsecureRequests] : []),
          ],
          timeout: PROVIDER_TIMEOUT_MS / 1000,
        },
      );
      cached = { key, config, until: now() + DISCOVERY_SECONDS };
      return config;
    } catch (err) {
      throw failureOf(err);
    }
  }

  return {
    async signInUrl(
      settings: OidcSettings,
      params: { redirectUri: string; state: string; nonce: string; verifier: string },
    ): Promise<string> {
      const config = await configuration(settings);
      return client.buildAuthorizationUrl(config, {
        redirect_uri: params.redirectUri,
        scope: 'openid profile',
        state: params.state,
        nonce: params.nonce,
        code_challenge: pkceChallenge(params.verifier),
        code_challenge_method: 'S256',
      }).href;
    },

    async account(
      settings: OidcSettings,
      callbackUrl: URL,
      checks: { state: string; nonce: string; verifier: string },
    ): Promise<ProviderAccount> {
      const config = await configuration(settings);
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.verifier,
          idTokenExpected: true,
        });
        const claims = tokens.claims()!;
        const claimed = settings.platformIdClaim ? claims[settings.platformIdClaim] : undefined;
        const platformId = platformIdSchema.safeParse(claimed);
        return { subject: claims.sub, ...(platformId.success ? { platformId: platformId.data } : {}) };
      } catch (err) {
        throw failureOf(err);
      }
    },
  };
}
