import { z } from 'zod';
import { platformIdSchema } from './common.js';
import { tournamentSchema } from './tournament.js';

/** The organiser's tools around a tournament: shuffling a player pool into teams, resetting a simulation. */

export const shufflePlayersSchema = z.object({ platformIds: z.array(platformIdSchema).min(2).max(1280) });
export const shufflePoolResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  platformIds: z.array(z.string()),
});

export const simulationResetResponseSchema = z.object({
  success: z.literal(true),
  deletedMatches: z.number().int(),
  /** Servers told to end the match they were playing. */
  stoppedServers: z.array(z.string()),
  tournament: tournamentSchema.nullable(),
});
