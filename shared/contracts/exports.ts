import { z } from 'zod';
import { unixSecondsSchema } from './common.js';
import { matchFormatSchema, teamRefSchema } from './matches.js';
import { tournamentStatLineSchema } from './stats.js';
import { groupStandingSchema, leaderboardEntrySchema, tournamentTypeSchema } from './tournament.js';

/** API.md decision 79: exports of a tournament, public, holding only what the public pages show. */

export const EXPORT_TABLES = ['results', 'standings', 'players'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

export const exportCsvQuerySchema = z.object({
  what: z.enum(EXPORT_TABLES, { error: `must be one of ${EXPORT_TABLES.join(', ')}` }),
});

export const exportTeamSchema = teamRefSchema.extend({
  players: z.array(z.object({ platformId: z.string(), name: z.string() })),
});

export const exportStageSchema = z.object({
  id: z.enum(['main', 'groups', 'playoffs']),
  type: z.string(),
  format: matchFormatSchema,
  status: z.enum(['pending', 'in_progress', 'completed']),
  /** The groups stage's tables; absent for the other stages. */
  groups: z
    .array(
      z.object({ name: z.string(), teamIds: z.array(z.string()), standings: z.array(groupStandingSchema) }),
    )
    .optional(),
});

export const exportMatchSchema = z.object({
  slug: z.string(),
  label: z.string(),
  stage: z.enum(['main', 'groups', 'playoffs']).nullable(),
  group: z.string().nullable(),
  round: z.number().int(),
  matchNumber: z.number().int(),
  bracket: z.string(),
  status: z.string(),
  format: matchFormatSchema,
  team1: teamRefSchema.nullable(),
  team2: teamRefSchema.nullable(),
  winnerId: z.string().nullable(),
  bye: z.boolean(),
  team1SeriesScore: z.number().int(),
  team2SeriesScore: z.number().int(),
  /** The team the series started one map up for (decision 78); its score counts that map. */
  mapAdvantage: z.enum(['team1', 'team2']).nullable(),
  maps: z.array(
    z.object({
      number: z.number().int(),
      name: z.string(),
      team1Score: z.number().int(),
      team2Score: z.number().int(),
      winner: z.enum(['team1', 'team2']).nullable(),
    }),
  ),
  completedAt: unixSecondsSchema.nullable(),
});
export type ExportMatch = z.infer<typeof exportMatchSchema>;

export const tournamentExportSchema = z.object({
  success: z.literal(true),
  exportedAt: unixSecondsSchema,
  tournament: z.object({
    id: z.number().int(),
    name: z.string(),
    type: tournamentTypeSchema,
    format: matchFormatSchema,
    status: z.enum(['setup', 'in_progress', 'completed']),
    winner: teamRefSchema.nullable(),
    startedAt: unixSecondsSchema.nullable(),
    completedAt: unixSecondsSchema.nullable(),
  }),
  /** The tournament's teams with their rosters (names and platform ids, as the sign-in page lists them). */
  teams: z.array(exportTeamSchema),
  stages: z.array(exportStageSchema),
  /** Every match in play order of the bracket (byes included, marked `bye`). */
  matches: z.array(exportMatchSchema),
  /** As `/standings` shows them (players in a shuffle tournament). */
  standings: z.array(leaderboardEntrySchema),
  /** Per-player totals over the tournament's matches, most kills first. */
  players: z.array(tournamentStatLineSchema),
  /** Once completed: the player of the tournament's MVP rule (decision 46). */
  mvp: z.string().nullable(),
});
export type TournamentExport = z.infer<typeof tournamentExportSchema>;
