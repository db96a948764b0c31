import { z } from 'zod';
import { gameTextSchema, platformIdSchema, slugIdSchema, warningsSchema } from './common.js';
import { teamRefSchema } from './matches.js';

/** `coach`: on the roster, never in a lineup; one per team (API.md decision 62). */
export const ROSTER_ROLES = ['player', 'coach'] as const;
export type RosterRole = (typeof ROSTER_ROLES)[number];

export const rosterPlayerSchema = z.object({
  platformId: platformIdSchema,
  name: gameTextSchema(64),
  role: z.enum(ROSTER_ROLES).optional(),
});
export type RosterPlayer = z.infer<typeof rosterPlayerSchema>;

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.string(),
  players: z.array(rosterPlayerSchema),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** LAN sign-in code: in admin answers only (admin tokens and admin sessions). */
  joinCode: z.string().optional(),
});
export type Team = z.infer<typeof teamSchema>;

const teamFields = {
  name: gameTextSchema(64),
  tag: gameTextSchema(16, 0).default(''),
  players: z.array(rosterPlayerSchema).max(16).default([]),
};

export const createTeamSchema = z.object({ id: slugIdSchema.optional(), ...teamFields });
export type CreateTeam = z.infer<typeof createTeamSchema>;

export const updateTeamSchema = z
  .object({
    name: teamFields.name.optional(),
    tag: gameTextSchema(16, 0).optional(),
    players: z.array(rosterPlayerSchema).max(16).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'give at least one of name, tag, players');
export type UpdateTeam = z.infer<typeof updateTeamSchema>;

export const teamIdParamsSchema = z.object({ id: z.string().min(1) });

export const teamResponseSchema = z.object({
  success: z.literal(true),
  team: teamSchema,
  warnings: warningsSchema,
});
export const teamsResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  teams: z.array(teamSchema),
});

/** Player team resolution: the teams whose rosters hold the player, one of the current tournament first. */
export const playerTeamResponseSchema = z.object({
  success: z.literal(true),
  platformId: z.string(),
  /** The team the player plays for: the current tournament's when on one of its teams; null when on none. */
  team: teamRefSchema.nullable(),
  teams: z.array(teamRefSchema),
});
