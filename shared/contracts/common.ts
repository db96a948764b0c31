import { z } from 'zod';
import { platformIdProblemMessage, readPlatformId } from '../domain/steam-id.js';

/**
 * A 64-bit game-platform id: the 17-digit id, read from any form people copy it in (`STEAM_0:1:123`,
 * `[U:1:123]`, a profile address), so the API and every web form take them all.
 */
export const platformIdSchema = z
  .string({ error: platformIdProblemMessage('unknown-form') })
  .transform((typed, ctx) => {
    const reading = readPlatformId(typed);
    if (reading.ok) {
      return reading.platformId;
    }
    ctx.addIssue({ code: 'custom', message: platformIdProblemMessage(reading.problem) });
    return z.NEVER;
  });

/** Ids chosen by people (teams, servers, maps): short, URL-safe. */
export const slugIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]*$/,
    'letters, digits, "_", "-" and "." only, starting with a letter or digit',
  );

/** Control characters (CR, LF, NUL, TAB, …) would end or split an RCON command line and a config value. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) {
      return true;
    }
  }
  return false;
}
const ONE_LINE_PATTERN = '^[^\\u0000-\\u001f\\u007f]*$';

/**
 * Free text that can reach a game server (names, tags, hostname formats, announcements): trimmed, at most
 * `max` characters (at least `min`), and one line with no control characters.
 */
export function gameTextSchema(max: number, min = 1) {
  return oneLine(z.string().trim().min(min).max(max));
}

/** The same rule for text kept exactly as typed (passwords). */
export function oneLine(schema: z.ZodString) {
  return schema
    .refine(
      (text) => !hasControlCharacter(text),
      'must not contain control characters (line breaks, tabs, NUL)',
    )
    .meta({ pattern: ONE_LINE_PATTERN, description: 'One line: no control characters (CR, LF, NUL, TAB).' });
}

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
