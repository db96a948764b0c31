import { z } from 'zod';
import { platformIdSchema } from './common.js';

export const SIGN_IN_METHODS = [
  'lan',
  'steam',
  'discord',
  'github',
  'oidc',
  'admin-link',
  'password',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Sign-in providers reached through a browser redirect (game platform OpenID 2.0 and the SSO ones). */
export const SIGN_IN_PROVIDERS = ['steam', 'discord', 'github', 'oidc'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

/** Response header present on every answer while an admin views the app as a player. */
export const IMPERSONATION_HEADER = 'X-Matchday-Impersonating';

export const adminMeSchema = z.object({
  success: z.literal(true),
  authenticated: z.literal(true),
  kind: z.enum(['session', 'token']),
  role: z.enum(['admin', 'readonly', 'integrator', 'player']),
  label: z.string().nullable(),
  platformId: z.string().nullable(),
  can: z.array(z.enum(['read', 'write', 'rcon', 'integrations'])),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

export const meSchema = z.object({
  success: z.literal(true),
  authenticated: z.boolean(),
  role: z.enum(['admin', 'player']).nullable(),
  platformId: z.string().nullable(),
  /** The player's name when the platform id belongs to a known player. */
  name: z.string().nullable(),
  signedInWith: z.enum(SIGN_IN_METHODS).nullable(),
  /** True while an admin views the app as the player `platformId`. */
  impersonating: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const lanSignInSchema = z.object({
  platformId: platformIdSchema,
  teamCode: z.string().trim().min(1).max(32),
});

export const passwordSignInSchema = z.object({ password: z.string().min(1).max(1024) });

export const impersonateSchema = z.object({ platformId: platformIdSchema });

export const signInProvidersSchema = z.object({
  success: z.literal(true),
  /** Enabled redirect providers, in the order the sign-in page shows them. */
  providers: z.array(z.object({ id: z.enum(SIGN_IN_PROVIDERS), name: z.string(), startUrl: z.string() })),
  /** LAN sign-in with the team code is always on. */
  lan: z.literal(true),
  /** Whether an admin password is set (the admin sign-in form is shown). */
  adminPassword: z.boolean(),
});

export const lanRosterSchema = z.object({
  success: z.literal(true),
  teams: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      tag: z.string(),
      players: z.array(z.object({ platformId: z.string(), name: z.string() })),
    }),
  ),
});

/**
 * Why a browser sign-in failed: the callback redirects to `/signin?error=<code>&provider=<id>` and the
 * sign-in page shows the sentence.
 */
export const SIGN_IN_ERRORS = {
  'admin-link':
    'This admin sign-in link was already used or has expired. Start Matchday again for a new one.',
  'bad-state':
    'The sign-in could not be matched to this browser (it expired, or was started elsewhere). Please start again.',
  replayed: 'This sign-in answer was already used. Please start again.',
  'bad-signature': 'The sign-in provider did not confirm this sign-in. Please start again.',
  'bad-identity': 'The sign-in provider answered with an identity Matchday cannot use.',
  denied: 'The sign-in was cancelled at the provider.',
  'provider-unreachable':
    'The sign-in provider cannot be reached: this network may have no internet. Use the team code sign-in instead.',
  'provider-error': 'The sign-in provider refused the request; an admin should check its settings.',
  'not-linked':
    'This account is not linked to a player yet. Sign in with the game platform or your team code first, then link it on your profile page.',
} as const;
export type SignInError = keyof typeof SIGN_IN_ERRORS;

export const chatIdBodySchema = z.object({ chatId: z.string().trim().min(1).max(64).nullable() });
export const chatIdResponseSchema = z.object({ success: z.literal(true), chatId: z.string().nullable() });
