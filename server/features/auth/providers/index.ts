import type { Request } from 'express';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../errors.js';
import { generateSecret, sha256Hex } from '../../../secrets.js';
import type { SignInProvider } from '../../../../shared/contracts/auth.js';
import type { PlayersService } from '../../players/index.js';
import type { SettingsService } from '../../settings/index.js';
import type { AuthService, SignInIdentity } from '../service.js';
import { LINK_COOKIE_SECONDS } from '../cookies.js';
import {
  callbackUrl,
  openFlow,
  originOf,
  providerFetch,
  safeReturnTo,
  sealFlow,
  SignInFailure,
  type SignInFlow,
} from './flow.js';
import { oauthAccount, oauthSignInUrl, type OAuthClient, type ProviderAccount } from './oauth.js';
import { createOidcClient, type OidcSettings } from './oidc.js';
import { steamSignInUrl, verifySteamAssertion, NONCE_MAX_AGE_SECONDS } from './steam.js';

export interface ProviderDeps {
  auth: AuthService;
  settings: SettingsService;
  players: PlayersService;
}

export interface StartedSignIn {
  redirect: string;
  linkCookie: string;
}

export interface FinishedSignIn {
  /** A new session when someone signed in; absent when an account was linked to the current one. */
  sessionId?: string;
  redirect: string;
}

/** A provider that answered once stays trusted as reachable this long before it is probed again. */
const REACHABLE_SECONDS = 60;

const NAMES: Record<Exclude<SignInProvider, 'oidc'>, string> = {
  steam: 'Steam',
  discord: 'Discord',
  github: 'GitHub',
};

const queryString = (req: Request, name: string): string | undefined => {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
};

/** Sign-in through the game platform's OpenID 2.0 and the SSO providers (OAuth2 and OpenID Connect). */
export function createProviderSignIn(ctx: AppContext, deps: ProviderDeps) {
  const repo = ctx.repos.sessions;
  // The key sealing the sign-in flow cookie: stored once, read at start (`load`).
  let storedCookieKey: string | undefined;
  const cookieKey = () => {
    if (storedCookieKey === undefined) {
      throw new Error('The sign-in providers are used before they were loaded.');
    }
    return storedCookieKey;
  };
  const now = () => ctx.clock.now();
  const oidc = createOidcClient(now);
  const reachableUntil = new Map<string, number>();
  const log = ctx.logger.child({ module: 'auth' });

  function enabled(provider: SignInProvider): boolean {
    const s = deps.settings.read();
    return { steam: s.steamSignIn, discord: s.discordSignIn, github: s.githubSignIn, oidc: s.oidcSignIn }[
      provider
    ];
  }

  function assertEnabled(provider: SignInProvider): void {
    if (!enabled(provider)) {
      throw new AppError(
        'PROVIDER_NOT_CONFIGURED',
        404,
        `Sign-in with ${provider} is not set up here; an admin can turn it on in Settings.`,
      );
    }
  }

  function oauthClient(provider: 'discord' | 'github'): OAuthClient {
    const s = deps.settings.read();
    return {
      provider,
      endpoints: ctx.identityEndpoints[provider],
      clientId: provider === 'discord' ? s.discordClientId : s.githubClientId,
      clientSecret:
        deps.settings.secret(provider === 'discord' ? 'discordClientSecret' : 'githubClientSecret') ?? '',
    };
  }

  function oidcSettings(): OidcSettings {
    const s = deps.settings.read();
    return {
      issuer: s.oidcIssuer,
      clientId: s.oidcClientId,
      clientSecret: deps.settings.secret('oidcClientSecret') ?? '',
      platformIdClaim: s.oidcPlatformIdClaim,
    };
  }

  /** Without internet the browser would only show its own error page at the provider: say so first. */
  async function assertReachable(url: string): Promise<void> {
    const host = new URL(url).host;
    if ((reachableUntil.get(host) ?? 0) > now()) {
      return;
    }
    await providerFetch(url, { method: 'HEAD' });
    reachableUntil.set(host, now() + REACHABLE_SECONDS);
  }

  /** The player an account is linked to (profile page), or undefined when signing in. */
  async function linkTarget(req: Request, sessionId: string | undefined, provider: SignInProvider) {
    if (queryString(req, 'link') === undefined) {
      return null;
    }
    if (provider === 'steam') {
      throw new AppError(
        'BAD_REQUEST',
        400,
        'The game-platform sign-in proves the platform id itself; nothing to link.',
      );
    }
    const identity = sessionId ? await deps.auth.provenIdentity(sessionId) : undefined;
    if (!identity) {
      throw new AppError('UNAUTHENTICATED', 401, 'Sign in as a player first, then link the account.');
    }
    return identity;
  }

  async function providerUrl(provider: SignInProvider, req: Request, flow: SignInFlow): Promise<string> {
    const redirectUri = callbackUrl(req, provider);
    switch (provider) {
      case 'steam': {
        const endpoint = ctx.identityEndpoints.steam;
        await assertReachable(endpoint);
        return steamSignInUrl(endpoint, `${redirectUri}?state=${flow.state}`, originOf(req));
      }
      case 'discord':
      case 'github': {
        const client = oauthClient(provider);
        await assertReachable(client.endpoints.authorize);
        return oauthSignInUrl(client, { redirectUri, state: flow.state, verifier: flow.verifier });
      }
      case 'oidc':
        return oidc.signInUrl(oidcSettings(), { redirectUri, ...flow });
    }
  }

  async function account(provider: SignInProvider, req: Request, flow: SignInFlow): Promise<ProviderAccount> {
    const redirectUri = callbackUrl(req, provider);
    if (provider === 'oidc') {
      return oidc.account(oidcSettings(), new URL(`${originOf(req)}${req.originalUrl}`), flow);
    }
    const error = queryString(req, 'error');
    if (error !== undefined) {
      throw error === 'access_denied'
        ? new SignInFailure('denied', 'the person cancelled at the provider')
        : new SignInFailure('provider-error', `the provider answered ${error}`);
    }
    const code = queryString(req, 'code');
    if (!code) {
      throw new SignInFailure('bad-identity', 'the callback carries no code');
    }
    return oauthAccount(oauthClient(provider as 'discord' | 'github'), {
      code,
      redirectUri,
      verifier: flow.verifier,
    });
  }

  /** Who an SSO account signs in as: a platform id from the provider, a link, or (chat platform) the chat id. */
  async function identityOf(provider: SignInProvider, found: ProviderAccount): Promise<SignInIdentity> {
    if (found.platformId) {
      return { platformId: found.platformId, method: provider, verified: true };
    }
    const link = await repo.getSignInLink(provider, found.subject);
    if (link) {
      return { platformId: link.platformId, method: provider, verified: link.verified };
    }
    const byChatId = found.chatId ? await deps.players.byChatId(found.chatId) : [];
    if (byChatId.length === 1) {
      // A chat id can be typed by anyone signed in as that player: it proves no more than a team code.
      return { platformId: byChatId[0]!.platformId, method: provider, verified: false };
    }
    throw new SignInFailure('not-linked', `no player is linked to this ${provider} account`);
  }

  async function useOnce(kind: string, value: string, lifetime: number): Promise<void> {
    if (!(await repo.useOnce(sha256Hex(`${kind}:${value}`), now() + lifetime, now()))) {
      throw new SignInFailure('replayed', `this ${kind} was used before`);
    }
  }

  async function complete(
    provider: SignInProvider,
    req: Request,
    flow: SignInFlow,
    previousSessionId: string | undefined,
  ): Promise<FinishedSignIn> {
    if (provider === 'steam') {
      const assertion = await verifySteamAssertion(req.query as Record<string, unknown>, {
        endpoint: ctx.identityEndpoints.steam,
        returnTo: `${callbackUrl(req, provider)}?state=${flow.state}`,
        now: now(),
      });
      await useOnce('openid-nonce', assertion.nonce, NONCE_MAX_AGE_SECONDS * 2);
      const identity = { platformId: assertion.platformId, method: provider, verified: true } as const;
      return signedIn(identity, flow, previousSessionId);
    }
    const found = await account(provider, req, flow);
    if (flow.linkTo) {
      await repo.saveSignInLink(provider, found.subject, flow.linkTo, now());
      log.info({ provider, platformId: flow.linkTo.platformId }, 'linked a sign-in account to a player');
      return { redirect: flow.returnTo || '/me' };
    }
    return signedIn(await identityOf(provider, found), flow, previousSessionId);
  }

  async function signedIn(identity: SignInIdentity, flow: SignInFlow, previousSessionId: string | undefined) {
    const sessionId = await deps.auth.startSession(identity, previousSessionId);
    const role = (await deps.auth.findSession(sessionId))?.role;
    return { sessionId, redirect: flow.returnTo || (role === 'admin' ? '/admin' : '/me') };
  }

  return {
    async load(): Promise<void> {
      storedCookieKey = await ctx.repos.meta.getOrCreate('link_cookie_key', () => generateSecret(32));
      ctx.secrets.add(storedCookieKey);
    },

    /** Enabled redirect providers, for the sign-in page. */
    list() {
      const s = deps.settings.read();
      return (['steam', 'discord', 'github', 'oidc'] as const)
        .filter(enabled)
        .map((id) => ({ id, name: id === 'oidc' ? s.oidcName : NAMES[id], startUrl: `/api/auth/${id}` }));
    },

    assertEnabled,

    async start(
      provider: SignInProvider,
      req: Request,
      sessionId: string | undefined,
    ): Promise<StartedSignIn> {
      assertEnabled(provider);
      const flow: SignInFlow = {
        provider,
        state: generateSecret(24),
        verifier: generateSecret(32),
        nonce: generateSecret(16),
        linkTo: await linkTarget(req, sessionId, provider),
        returnTo: safeReturnTo(req.query.returnTo) ?? '',
        expiresAt: now() + LINK_COOKIE_SECONDS,
      };
      return { redirect: await providerUrl(provider, req, flow), linkCookie: sealFlow(flow, cookieKey()) };
    },

    /** The provider's callback: the state must be this browser's, once; then the provider's answer is checked. */
    async finish(
      provider: SignInProvider,
      req: Request,
      linkCookie: string | undefined,
      previousSessionId: string | undefined,
    ): Promise<FinishedSignIn> {
      assertEnabled(provider);
      const flow = openFlow(linkCookie, cookieKey(), provider, now());
      if (queryString(req, 'state') !== flow.state) {
        throw new SignInFailure(
          'bad-state',
          'the state in the callback is not the one this browser started with',
        );
      }
      await useOnce('state', flow.state, LINK_COOKIE_SECONDS);
      try {
        return await complete(provider, req, flow, previousSessionId);
      } catch (err) {
        if (err instanceof SignInFailure && err.code === 'provider-unreachable') {
          // The next start must probe again rather than trust a provider that just went away.
          reachableUntil.clear();
        }
        throw err;
      }
    },

    logFailure(provider: SignInProvider, failure: SignInFailure): void {
      log.warn({ provider, code: failure.code, detail: failure.detail }, 'sign-in failed');
    },
  };
}

export type ProviderSignIn = ReturnType<typeof createProviderSignIn>;
