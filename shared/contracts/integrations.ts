import { z } from 'zod';
import { createTeamSchema, teamSchema } from './teams.js';
import { warningsSchema } from './common.js';

/** A website's own id of a team; stored under the website's source label. */
export const externalIdSchema = z.string().trim().min(1).max(128);

/** The teams API body: the team as the website has it now (the player list replaces the old one). */
export const integrationTeamSchema = createTeamSchema.omit({ id: true });
export type IntegrationTeam = z.infer<typeof integrationTeamSchema>;

export const integrationBatchItemSchema = integrationTeamSchema.extend({ externalId: externalIdSchema });

export const integrationBatchSchema = z.object({ teams: z.array(z.unknown()) });

export const externalIdParamsSchema = z.object({ externalId: externalIdSchema });

export const UPSERT_RESULTS = ['created', 'updated', 'unchanged'] as const;
export type UpsertResult = (typeof UPSERT_RESULTS)[number];

export const integrationTeamResponseSchema = z.object({
  success: z.literal(true),
  source: z.string(),
  externalId: z.string(),
  teamId: z.string(),
  result: z.enum(UPSERT_RESULTS),
  team: teamSchema,
  warnings: warningsSchema,
});

export const integrationTeamReadSchema = integrationTeamResponseSchema.omit({ result: true, warnings: true });

export const integrationBatchResponseSchema = z.object({
  success: z.boolean(),
  source: z.string(),
  stats: z.object({
    total: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    failed: z.number().int(),
  }),
  results: z.array(
    z.object({
      index: z.number().int(),
      ok: z.boolean(),
      externalId: z.string().optional(),
      teamId: z.string().optional(),
      result: z.enum(UPSERT_RESULTS).optional(),
      code: z.string().optional(),
      error: z.string().optional(),
    }),
  ),
});
