import { z } from 'zod';
import { matchSchema } from './matches.js';

/** `PUT /api/matches/:slug/stage` (API.md decision 76). */
export const stageBodySchema = z.object({ onStage: z.boolean() }).strict();

/** `GET /api/stage-queue`: the matches on stage in play order (live and loaded first), with ETAs. */
export const stageQueueResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  matches: z.array(matchSchema),
});
