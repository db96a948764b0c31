import { z } from 'zod';

/** Every error code the API answers with; the most specific one applies (API.md decision 13). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_JSON',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'BAD_TEAM_CODE',
  'BAD_PASSWORD',
  'FORBIDDEN',
  'READ_ONLY_TOKEN',
  'NOT_FOUND',
  'CONFLICT',
  'ALREADY_EXISTS',
  'TEAM_IN_LIVE_MATCH',
  'BRACKET_MATCH',
  'CORRECTION_BLOCKED',
  'DRAW_CHANGED',
  'CHECK_IN_NOT_REQUIRED',
  'CHECK_IN_NOT_OPEN',
  'CHECK_IN_CLOSED',
  'VETO_NOT_YOUR_TURN',
  'VETO_MAP_UNAVAILABLE',
  'VETO_COMPLETE',
  'NOT_ON_ROSTER',
  'LINEUP_LOCKED',
  'LINEUP_WRONG_SIZE',
  'LINEUP_NOT_ON_ROSTER',
  'LINEUP_DUPLICATE',
  'LINEUP_COACH',
  'ROSTER_LOCKED',
  'PLAYER_ID_IN_USE',
  'PLAYER_UNKNOWN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_STATE',
  'RATE_LIMITED',
  'SIMULATION_NOT_ALLOWED',
  'PROVIDER_NOT_CONFIGURED',
  'OFFLINE',
  'LIVE_FULL',
  'BACKUP_INVALID',
  'STALE_LOAD',
  'SERVER_UNREACHABLE',
  'PLUGIN_REFUSED',
  'DEMO_MATCH_MISMATCH',
  'EVENT_ADDRESS_CHANGES',
  'PREFLIGHT_FAILED',
  'TEST_MATCHES_RUNNING',
  'NO_FREE_SERVER',
  'JOIN_CLOCK_HELD',
  'JOIN_CLOCK_NOT_HELD',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The one error body shape of the API. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  details: z.array(errorDetailSchema).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
