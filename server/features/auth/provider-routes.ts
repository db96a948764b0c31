import type { Response } from 'express';
import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import {
  SIGN_IN_PROVIDERS,
  signInProvidersSchema,
  type SignInProvider,
} from '../../../shared/contracts/auth.js';
import {
  clearLinkCookie,
  linkCookieOf,
  sessionCookieOf,
  setLinkCookie,
  setSessionCookie,
} from './cookies.js';
import { SignInFailure } from './providers/flow.js';
import type { ProviderSignIn } from './providers/index.js';
import type { AuthService } from './service.js';

const TAG = 'Auth';

const DESCRIBED: Record<SignInProvider, string> = {
  steam: 'the game platform (OpenID 2.0)',
  discord: 'the chat platform (OAuth2)',
  github: 'the code host (OAuth2)',
  oidc: 'the OpenID Connect identity provider',
};

/** A failure the sign-in page explains: the browser lands there instead of on a JSON error. */
function sendToSignInPage(res: Response, provider: SignInProvider, err: unknown): undefined {
  if (!(err instanceof SignInFailure)) {
    throw err;
  }
  res.redirect(302, `/signin?error=${err.code}&provider=${provider}`);
  return undefined;
}

export function registerProviderRoutes(
  routes: RouteTable,
  auth: AuthService,
  providers: ProviderSignIn,
): void {
  routes.add({
    method: 'get',
    path: '/api/auth/providers',
    access: 'public',
    tag: TAG,
    summary: 'The sign-in ways this Matchday offers (for the sign-in page)',
    response: signInProvidersSchema,
    handler: () => ({
      success: true,
      providers: providers.list(),
      lan: true,
      adminPassword: auth.hasAdminPassword(),
    }),
  });

  for (const provider of SIGN_IN_PROVIDERS) {
    routes.add({
      method: 'get',
      path: `/api/auth/${provider}`,
      access: 'public',
      tag: TAG,
      summary: `Sign in with ${DESCRIBED[provider]}: redirects there (404 PROVIDER_NOT_CONFIGURED when off; \`link\` links the account to the signed-in player)`,
      query: z.object({ returnTo: z.string().max(500).optional(), link: z.string().max(10).optional() }),
      status: 302,
      produces: 'text/html',
      handler: async ({ req, res }) => {
        try {
          const started = await providers.start(provider, req, sessionCookieOf(req));
          setLinkCookie(req, res, started.linkCookie);
          res.redirect(302, started.redirect);
          return undefined;
        } catch (err) {
          if (err instanceof SignInFailure) {
            providers.logFailure(provider, err);
          }
          return sendToSignInPage(res, provider, err);
        }
      },
    });

    routes.add({
      method: 'get',
      path: `/api/auth/${provider}/callback`,
      access: 'public',
      tag: TAG,
      summary: `Where ${DESCRIBED[provider]} sends the browser back: state, then the answer checked; redirects into the app`,
      status: 302,
      produces: 'text/html',
      handler: async ({ req, res }) => {
        clearLinkCookie(req, res);
        try {
          const done = await providers.finish(provider, req, linkCookieOf(req), sessionCookieOf(req));
          if (done.sessionId) {
            setSessionCookie(req, res, done.sessionId);
          }
          res.redirect(302, done.redirect);
          return undefined;
        } catch (err) {
          if (err instanceof SignInFailure) {
            providers.logFailure(provider, err);
          }
          return sendToSignInPage(res, provider, err);
        }
      },
    });
  }
}
