import { z } from 'zod';
import { unixSecondsSchema } from './common.js';

export const ratingHistoryEntrySchema = z.object({
  matchSlug: z.string(),
  matchLabel: z.string(),
  tournamentId: z.number().int().nullable(),
  tournamentName: z.string(),
  ratingBefore: z.number(),
  ratingAfter: z.number(),
  createdAt: unixSecondsSchema,
});

export const ratingHistoryResponseSchema = z.object({
  success: z.literal(true),
  platformId: z.string(),
  rating: z.number(),
  history: z.array(ratingHistoryEntrySchema),
});
