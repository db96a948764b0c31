import { z } from 'zod';
import { etaSchema, teamRefSchema } from './matches.js';

export const allocationStatusResponseSchema = z.object({
  success: z.literal(true),
  /** Matches waiting for a server, in the global queue order (1 = next). */
  waiting: z.array(
    z.object({
      slug: z.string(),
      label: z.string(),
      team1: teamRefSchema.nullable(),
      team2: teamRefSchema.nullable(),
      position: z.number().int(),
      /**
       * loading: a free server is being given to it now; team_busy: a team still plays another match;
       * timetable: its round's planned start, a break or a pause holds it (API.md decision 75).
       */
      reason: z.enum([
        'loading',
        'no_free_server',
        'team_busy',
        'server_busy',
        'timetable',
        'no_tagged_server',
        'player_busy',
      ]),
      /** player_busy: the players (platform ids) playing another match now (API.md decision 73). */
      players: z.array(z.string()).optional(),
      /** no_tagged_server: the tags no free server carries (API.md decision 74). */
      tags: z.array(z.string()).optional(),
      /** no_tagged_server: why, in words ("no free server tagged stage"). */
      detail: z.string().optional(),
      displayStatus: z.literal('Waiting for a server'),
      eta: etaSchema.nullable(),
    }),
  ),
  freeServers: z.number().int(),
  nextInQueue: z.string().nullable(),
});
