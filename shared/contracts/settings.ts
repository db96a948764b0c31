import { z } from 'zod';

export const OVERTIME_MODES = ['enabled', 'disabled_tiebreak', 'disabled_draw'] as const;
export const overtimeModeSchema = z.enum(OVERTIME_MODES);

/** Simulation timescale bounds, inclusive (API.md decision 17). */
export const TIMESCALE_MIN = 0.1;
export const TIMESCALE_MAX = 10;

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
  hostnameFormat: z.string().max(128).default(''),
  /** Matches waiting for a server are loaded on free servers by themselves; off = admins load by hand. */
  autoAllocate: z.boolean().default(true),
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
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const settingsResponseSchema = z.object({
  success: z.literal(true),
  settings: settingsSchema,
  simulation: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
  warnings: z.array(z.string()),
});
