import { z } from 'zod';
import { TOURNAMENT_STATUSES, gameModeSchema, tournamentTypeSchema } from './tournament.js';

/** One entry of `GET /api/tournaments` (API.md decision 73). */
export const tournamentListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: tournamentTypeSchema,
  status: z.enum(TOURNAMENT_STATUSES),
  gameMode: gameModeSchema,
  /** The one the singular `/api/tournament` paths mean. */
  primary: z.boolean(),
});
export type TournamentListItem = z.infer<typeof tournamentListItemSchema>;

export const tournamentsResponseSchema = z.object({
  success: z.literal(true),
  tournaments: z.array(tournamentListItemSchema),
});
