import { z } from 'zod';

/** A 64-bit game-platform id: a string of exactly 17 digits. */
export const platformIdSchema = z
  .string({ error: 'must be a string of exactly 17 digits' })
  .regex(/^\d{17}$/, 'must be a string of exactly 17 digits');

/** Ids chosen by people (teams, servers, maps): short, URL-safe. */
export const slugIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]*$/,
    'letters, digits, "_", "-" and "." only, starting with a letter or digit',
  );

export const unixSecondsSchema = z.number().int().nonnegative();

export const successSchema = z.object({ success: z.literal(true) });

/** Item-level outcome of an admin batch (API.md decision 1). */
export const batchFailureSchema = z.object({
  index: z.number().int(),
  id: z.string().optional(),
  code: z.string(),
  error: z.string(),
});

export function batchResultSchema<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.boolean(),
    successful: z.array(item),
    failed: z.array(batchFailureSchema),
    stats: z.object({ total: z.number().int(), successful: z.number().int(), failed: z.number().int() }),
  });
}

export const warningsSchema = z.array(z.string());
