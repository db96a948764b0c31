import { z } from 'zod';

/** What a preflight check looks at (API.md decision 57). */
export const PREFLIGHT_SCOPES = ['server', 'tournament', 'team'] as const;

/** Every check by name; the web app words each one in its catalogues (`preflight.checks`). */
export const SERVER_CHECKS = [
  'rcon',
  'plugin',
  'gotv',
  'test_event',
  'backup_upload',
  'maps',
  'game_build',
] as const;
export const TOURNAMENT_CHECKS = [
  'roster',
  'shared_players',
  'map_count',
  'server_count',
  'casters',
] as const;

export const preflightCheckSchema = z.object({
  scope: z.enum(PREFLIGHT_SCOPES),
  /** The server's or team's id; the tournament's id (or `settings` for the casters). */
  id: z.string(),
  name: z.string(),
  check: z.enum([...SERVER_CHECKS, ...TOURNAMENT_CHECKS]),
  ok: z.boolean(),
  severity: z.enum(['error', 'warning']),
  /** What was found; for a failed check, what to do about it. */
  message: z.string(),
});
export type PreflightCheck = z.infer<typeof preflightCheckSchema>;

export const preflightResultSchema = z.object({
  /** False when a check of severity `error` failed. */
  ok: z.boolean(),
  /** When the checks ran (Unix seconds). */
  ranAt: z.number().int(),
  checks: z.array(preflightCheckSchema),
});
export type PreflightResult = z.infer<typeof preflightResultSchema>;

export const preflightResponseSchema = z
  .object({ success: z.literal(true) })
  .extend(preflightResultSchema.shape);

/** The last result the dashboard shows; null before checks ever ran. */
export const lastPreflightResponseSchema = z.object({
  success: z.literal(true),
  preflight: preflightResultSchema.nullable(),
});
