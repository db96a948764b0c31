import { z } from 'zod';
import { unixSecondsSchema } from './common.js';
import { CHECK_IN_MISSING } from './tournament.js';

/** One team of the tournament and its check-in (API.md decision 34). */
export const checkInTeamSchema = z.object({
  teamId: z.string(),
  name: z.string(),
  tag: z.string(),
  checkedIn: z.boolean(),
  checkedInAt: unixSecondsSchema.nullable(),
  by: z.enum(['admin', 'player']).nullable(),
});
export type CheckInTeam = z.infer<typeof checkInTeamSchema>;

export const checkInResponseSchema = z.object({
  success: z.literal(true),
  checkIn: z.object({
    required: z.boolean(),
    opensAt: unixSecondsSchema.nullable(),
    deadline: unixSecondsSchema.nullable(),
    missing: z.enum(CHECK_IN_MISSING),
    state: z.enum(['off', 'not_open', 'open', 'closed']),
    counts: z.object({ checkedIn: z.number().int(), total: z.number().int() }),
    teams: z.array(checkInTeamSchema),
  }),
});

/** `POST /api/tournament/check-in`: a player may leave the team out (their own). */
export const checkInBodySchema = z.object({ teamId: z.string().min(1).max(64).optional() }).strict();

export const checkInTeamParamsSchema = z.object({ teamId: z.string().min(1).max(64) });

export const checkInTeamResponseSchema = z.object({ success: z.literal(true), team: checkInTeamSchema });
