import { z } from 'zod';
import { unixSecondsSchema } from './common.js';
import { matchSchema } from './matches.js';

/** What recovery does with a match (shared/domain/match-recovery decides). */
export const RECOVERY_ACTIONS = [
  /** The series is over: its end is applied (the stored series end, else the maps played decide). */
  'end_series',
  /** The server plays the match: kept, and a report is requested to refresh players and score. */
  'in_sync',
  /** The server plays the match live while Matchday still had it loaded: it goes live. */
  'mark_live',
  /** Nothing was played and the server no longer has the match: it waits for a server again. */
  'requeue',
  /** The server ended or lost a match in play: kept as it is for an admin to decide. */
  'needs_attention',
  /** The server did not answer: kept as it is. */
  'unreachable',
] as const;
export type RecoveryAction = (typeof RECOVERY_ACTIONS)[number];

/** What recovery found and did for one loaded or live match. */
export const recoveredMatchSchema = z.object({
  slug: z.string(),
  label: z.string(),
  serverId: z.string().nullable(),
  /** What the plugin's status convars said; null when the server did not answer or there is none. */
  server: z
    .object({ status: z.string().nullable(), match: z.string().nullable(), nextMatch: z.string().nullable() })
    .nullable(),
  action: z.enum(RECOVERY_ACTIONS),
  reason: z.string(),
  statusBefore: z.string(),
  statusAfter: z.string(),
  reportRequested: z.boolean(),
});
export type RecoveredMatch = z.infer<typeof recoveredMatchSchema>;

export const recoveryResponseSchema = z.object({
  success: z.literal(true),
  ranAt: unixSecondsSchema,
  count: z.number().int(),
  matches: z.array(recoveredMatchSchema),
});

export const replayBodySchema = z
  .object({
    /** Unix seconds; events received from then on are replayed. Default: one hour back. */
    sinceTimestamp: z.number().int().min(0).optional(),
  })
  .strict()
  .optional();

export const replayParamsSchema = z.object({ matchSlug: z.string().min(1).max(64) });

export const replayResponseSchema = z.object({
  success: z.literal(true),
  matchSlug: z.string(),
  since: unixSecondsSchema,
  /** Stored events of the match from its server in the window. */
  events: z.number().int(),
  /** Events never applied before (they had failed, or came before the match was on that server). */
  newlyApplied: z.number().int(),
  changed: z.boolean(),
  seriesEnded: z.boolean(),
  match: matchSchema,
});
