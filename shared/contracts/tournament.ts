import { z } from 'zod';
import { gameTextSchema, platformIdSchema, unixSecondsSchema, warningsSchema } from './common.js';
import { matchFormatSchema, matchSchema, overtimeModeSchema, teamRefSchema } from './matches.js';

export const TOURNAMENT_TYPES = [
  'single_elimination',
  'double_elimination',
  'round_robin',
  'swiss',
  'shuffle',
] as const;
export const tournamentTypeSchema = z.enum(TOURNAMENT_TYPES);
export type TournamentType = z.infer<typeof tournamentTypeSchema>;

export const TOURNAMENT_STATUSES = ['setup', 'in_progress', 'completed'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** Teams in one tournament (a 1024-team double elimination is 2046 matches). */
export const MAX_TEAMS = 1024;

export const GRAND_FINAL_MODES = ['simple', 'double', 'none'] as const;
export const SEEDING_MODES = ['manual', 'random', 'rating'] as const;

export const tournamentSettingsSchema = z.object({
  grandFinalMode: z.enum(GRAND_FINAL_MODES),
  maxRounds: z.number().int().min(2).max(60),
  overtimeMode: overtimeModeSchema,
  mapPool: z.array(z.string().min(1)).max(16),
  seeding: z.enum(SEEDING_MODES),
  /** The stored seed of `random` seeding, so a reset draws the same bracket again. */
  randomSeed: z.number().int().nullable(),
  thirdPlaceMatch: z.boolean(),
  veto: z.boolean(),
  swissRounds: z.number().int().min(1).max(20).optional(),
  teamSize: z.number().int().min(1).max(10).optional(),
});
export type TournamentSettings = z.infer<typeof tournamentSettingsSchema>;

export const tournamentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: tournamentTypeSchema,
  format: matchFormatSchema,
  status: z.enum(TOURNAMENT_STATUSES),
  teamIds: z.array(z.string()),
  settings: tournamentSettingsSchema,
  winner: teamRefSchema.nullable(),
  createdAt: unixSecondsSchema,
  startedAt: unixSecondsSchema.nullable(),
  completedAt: unixSecondsSchema.nullable(),
});
export type Tournament = z.infer<typeof tournamentSchema>;

const settingsInput = tournamentSettingsSchema.omit({ randomSeed: true }).partial();

export const createTournamentSchema = z.object({
  name: gameTextSchema(100),
  type: tournamentTypeSchema,
  format: matchFormatSchema.default('bo1'),
  teamIds: z.array(z.string().min(1)).max(MAX_TEAMS).default([]),
  settings: settingsInput.default({}),
});
export type CreateTournament = z.infer<typeof createTournamentSchema>;

export const updateTournamentSchema = z
  .object({
    name: gameTextSchema(100).optional(),
    type: tournamentTypeSchema.optional(),
    format: matchFormatSchema.optional(),
    teamIds: z.array(z.string().min(1)).max(MAX_TEAMS).optional(),
    settings: settingsInput.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'give at least one of name, type, format, teamIds, settings');
export type UpdateTournament = z.infer<typeof updateTournamentSchema>;

export const tournamentResponseSchema = z.object({
  success: z.literal(true),
  tournament: tournamentSchema,
  warnings: warningsSchema.optional(),
});

export const swissStandingSchema = z.object({
  teamId: z.string(),
  name: z.string(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  byes: z.number().int(),
  buchholz: z.number(),
  roundDifference: z.number().int(),
  seed: z.number().int(),
  rank: z.number().int(),
});

export const bracketResponseSchema = z.object({
  success: z.literal(true),
  tournament: tournamentSchema,
  matches: z.array(matchSchema),
  rounds: z.number().int(),
  swissStandings: z.array(swissStandingSchema),
});

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  teamId: z.string().optional(),
  playerId: z.string().optional(),
  name: z.string(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  buchholz: z.number(),
  roundDifference: z.number().int(),
  rating: z.number().optional(),
});
export const leaderboardResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(leaderboardEntrySchema),
});

export const templateInputSchema = z.object({
  name: gameTextSchema(100),
  type: tournamentTypeSchema,
  format: matchFormatSchema.default('bo1'),
  settings: settingsInput.default({}),
});
export const templateSchema = templateInputSchema.extend({
  id: z.number().int(),
  createdAt: unixSecondsSchema,
  updatedAt: unixSecondsSchema,
});
export const templateResponseSchema = z.object({ success: z.literal(true), template: templateSchema });
export const templatesResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  templates: z.array(templateSchema),
});
export const templateParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const tournamentIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

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
