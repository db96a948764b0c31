import { z } from 'zod';
import { platformIdSchema } from './common.js';

/** `PUT /api/matches/:slug/lineup` (API.md decision 62). */
export const setLineupSchema = z.object({
  teamId: z.string().min(1).max(64),
  platformIds: z.array(platformIdSchema).min(1).max(10),
});
export type SetLineup = z.infer<typeof setLineupSchema>;

/** `POST /api/matches/:slug/lineup/swap` (API.md decision 63). */
export const swapLineupSchema = z.object({
  teamId: z.string().min(1).max(64),
  out: platformIdSchema,
  in: platformIdSchema,
});
export type SwapLineup = z.infer<typeof swapLineupSchema>;

export const lineupPlayerSchema = z.object({ platformId: z.string(), name: z.string() });

/** One team's side of a match: who plays, who sits out, the coach, and whether it may still change. */
export const teamLineupSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  teamSize: z.number().int(),
  players: z.array(lineupPlayerSchema),
  substitutes: z.array(lineupPlayerSchema),
  coach: lineupPlayerSchema.nullable(),
  /** False once the server fetched the config: then only an admin's swap changes it. */
  editable: z.boolean(),
});
export type TeamLineup = z.infer<typeof teamLineupSchema>;

export const lineupResponseSchema = z.object({ success: z.literal(true), lineup: teamLineupSchema });
export const lineupsResponseSchema = z.object({
  success: z.literal(true),
  lineups: z.array(teamLineupSchema),
});

export const TEAM_CHANGE_KINDS = ['roster', 'lineup', 'swap', 'id_fix'] as const;
export type TeamChangeKind = (typeof TEAM_CHANGE_KINDS)[number];

export const teamChangeSchema = z.object({
  at: z.number().int(),
  actor: z.string(),
  kind: z.enum(TEAM_CHANGE_KINDS),
  matchSlug: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type TeamChange = z.infer<typeof teamChangeSchema>;

export const teamChangesResponseSchema = z.object({
  success: z.literal(true),
  changes: z.array(teamChangeSchema),
});

/** `POST /api/teams/:id/players/:platformId/fix-id`: a wrongly typed id corrected, stats carried over. */
export const fixPlayerIdSchema = z.object({ platformId: platformIdSchema });
