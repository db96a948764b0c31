import { z } from 'zod';
import { gameTextSchema, platformIdSchema } from './common.js';

export const OVERTIME_MODES = ['enabled', 'disabled_tiebreak', 'disabled_draw'] as const;
export const overtimeModeSchema = z.enum(OVERTIME_MODES);

/** Simulation timescale bounds, inclusive (API.md decision 17). */
export const TIMESCALE_MIN = 0.1;
export const TIMESCALE_MAX = 10;

export const MAX_CASTERS = 50;

/** A caster or observer: admitted to every match loaded from now on as a spectator (API.md decision 48). */
export const casterSchema = z.object({
  platformId: platformIdSchema,
  name: gameTextSchema(64),
});
export type Caster = z.infer<typeof casterSchema>;

const castersSchema = z
  .array(casterSchema)
  .max(MAX_CASTERS, `at most ${MAX_CASTERS} casters`)
  .superRefine((casters, ctx) => {
    casters.forEach((caster, index) => {
      if (casters.findIndex((other) => other.platformId === caster.platformId) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'platformId'],
          message: `${caster.platformId} is listed twice`,
        });
      }
    });
  });

/** Every install setting with its default; stored one row per key. */
export const settingsSchema = z.object({
  simulateMatches: z.boolean().default(false),
  simulationTimescale: z
    .number()
    .min(TIMESCALE_MIN, `must be ${TIMESCALE_MIN} to ${TIMESCALE_MAX}`)
    .max(TIMESCALE_MAX, `must be ${TIMESCALE_MIN} to ${TIMESCALE_MAX}`)
    .default(1),
  allowPrivateWebhooks: z.boolean().default(false),
  defaultMaxRounds: z.number().int().min(2).max(60).default(24),
  defaultOvertimeMode: overtimeModeSchema.default('enabled'),
  demoRecording: z.boolean().default(true),
  hostnameFormat: gameTextSchema(128, 0).default(''),
  /** Matches waiting for a server are loaded on free servers by themselves; off = admins load by hand. */
  autoAllocate: z.boolean().default(true),
  /** A match paused this long lands in the attention queue (API.md decision 64); 0 = never. */
  pauseAlertMinutes: z.number().int().min(0).max(120).default(5),
  /** A live match's server that neither answers RCON nor posts this long is lost (API.md decision 56); 0 = never. */
  failoverAfterSeconds: z.number().int().min(0).max(3600).default(60),
  /** A lost server's match moves to a spare by itself; off = it goes to the attention queue. */
  autoFailover: z.boolean().default(true),
  /** Casters and observers every match config lists as spectators, so the plugin does not kick them. */
  casters: castersSchema.default([]),
  // Sign-in providers. The game platform's OpenID needs no key and is on by default (API.md decision 23).
  steamSignIn: z.boolean().default(true),
  discordSignIn: z.boolean().default(false),
  discordClientId: z.string().trim().max(200).default(''),
  githubSignIn: z.boolean().default(false),
  githubClientId: z.string().trim().max(200).default(''),
  oidcSignIn: z.boolean().default(false),
  oidcIssuer: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of the issuer' })])
    .default(''),
  oidcClientId: z.string().trim().max(200).default(''),
  /** The button text on the sign-in page. */
  oidcName: z.string().trim().min(1).max(64).default('Single sign-on'),
  /** An ID token claim holding the player's 17-digit platform id, when the identity provider has one. */
  oidcPlatformIdClaim: z.string().trim().max(64).default(''),
});
export type Settings = z.infer<typeof settingsSchema>;

/** PUT takes any subset of the settings; unknown keys are refused. */
export const settingsPatchSchema = z
  .object(
    Object.fromEntries(
      Object.entries(settingsSchema.shape).map(([key, schema]) => [key, schema.unwrap().optional()]),
    ) as {
      [K in keyof typeof settingsSchema.shape]: z.ZodOptional<
        ReturnType<(typeof settingsSchema.shape)[K]['unwrap']>
      >;
    },
  )
  .extend({
    /** At least 10 characters; stored as a scrypt hash; null removes it. */
    adminPassword: z.string().min(10, 'must be at least 10 characters').max(1024).nullable().optional(),
    discordClientSecret: z.string().trim().min(1).max(512).nullable().optional(),
    githubClientSecret: z.string().trim().min(1).max(512).nullable().optional(),
    oidcClientSecret: z.string().trim().min(1).max(512).nullable().optional(),
  })
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** Write-only settings: PUT sets them (null clears), answers only say whether each is set. */
export const SECRET_SETTINGS = [
  'adminPassword',
  'discordClientSecret',
  'githubClientSecret',
  'oidcClientSecret',
] as const;
export type SecretSetting = (typeof SECRET_SETTINGS)[number];

export const settingsResponseSchema = z.object({
  success: z.literal(true),
  settings: settingsSchema,
  simulation: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
  warnings: z.array(z.string()),
  secretsSet: z.object(
    Object.fromEntries(SECRET_SETTINGS.map((key) => [key, z.boolean()])) as Record<
      SecretSetting,
      z.ZodBoolean
    >,
  ),
});
