import { z } from 'zod';
import { unixSecondsSchema } from './common.js';
import { matchSchema } from './matches.js';

/** `POST /api/matches/:slug/correction` (API.md decision 37). */
export const correctionBodySchema = z
  .object({
    winner: z.enum(['team1', 'team2']).optional(),
    team1SeriesScore: z.number().int().min(0).max(5).optional(),
    team2SeriesScore: z.number().int().min(0).max(5).optional(),
    reason: z.string().max(500).optional(),
    force: z.boolean().optional(),
  })
  .strict()
  .refine(
    (b) => b.winner !== undefined || b.team1SeriesScore !== undefined || b.team2SeriesScore !== undefined,
    { message: 'give at least one of winner, team1SeriesScore, team2SeriesScore', path: ['winner'] },
  );
export type CorrectionBody = z.infer<typeof correctionBodySchema>;

const resultSchema = z.object({
  winnerId: z.string().nullable(),
  team1SeriesScore: z.number().int(),
  team2SeriesScore: z.number().int(),
  /** The match's forfeit marker (check-in), null when it was played. */
  forfeit: z.unknown().nullable(),
});

/** One applied correction (API.md decision 40). */
export const correctionSchema = z.object({
  id: z.number().int(),
  matchSlug: z.string(),
  matchLabel: z.string(),
  tournamentId: z.number().int().nullable(),
  at: unixSecondsSchema,
  by: z.object({
    kind: z.enum(['token', 'session']),
    label: z.string().nullable(),
    platformId: z.string().nullable(),
  }),
  reason: z.string().nullable(),
  forced: z.boolean(),
  before: resultSchema,
  after: resultSchema,
  repaired: z.array(z.string()),
  reset: z.array(z.string()),
});
export type Correction = z.infer<typeof correctionSchema>;

export const correctionResponseSchema = z.object({
  success: z.literal(true),
  match: matchSchema,
  /** null: the correction changed nothing and was not recorded. */
  correction: correctionSchema.nullable(),
  repaired: z.array(z.string()),
  reset: z.array(z.string()),
});

export const correctionsResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  corrections: z.array(correctionSchema),
});
