import { z } from 'zod';
import { IMPORT_COLUMNS } from '../domain/team-import-rows.js';

/** `POST /api/teams/import` (API.md decision 79): the preview of a dry run, or what was saved. */
export const teamImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false', '1', '0']).optional(),
});

const planPlayerSchema = z.object({ platformId: z.string(), name: z.string() });

export const importRowErrorSchema = z.object({
  /** The file's line the row starts on; the header row is 1. */
  row: z.number().int(),
  column: z.enum(IMPORT_COLUMNS).nullable(),
  message: z.string(),
});
export type ImportRowErrorDto = z.infer<typeof importRowErrorSchema>;

export const teamImportPlanSchema = z.object({
  teamId: z.string().nullable(),
  name: z.string(),
  tag: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  players: z.array(planPlayerSchema.extend({ row: z.number().int() })),
  changes: z.object({
    nameFrom: z.string().nullable(),
    tagFrom: z.string().nullable(),
    playersAdded: z.array(planPlayerSchema),
    playersRemoved: z.array(planPlayerSchema),
    playersRenamed: z.array(z.object({ platformId: z.string(), from: z.string(), to: z.string() })),
  }),
  rows: z.array(z.number().int()),
});
export type TeamImportPlanDto = z.infer<typeof teamImportPlanSchema>;

export const teamImportResponseSchema = z.object({
  success: z.literal(true),
  /** True when nothing was saved: the answer is the preview. */
  dryRun: z.boolean(),
  summary: z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int() }),
  teams: z.array(teamImportPlanSchema),
  /** Every row error; a dry run lists them, an import with any is refused with 400 instead. */
  errors: z.array(importRowErrorSchema),
  warnings: z.array(z.string()),
});
export type TeamImportResponse = z.infer<typeof teamImportResponseSchema>;
