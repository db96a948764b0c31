import { z } from 'zod';

import { LOG_LEVELS } from '../domain/log-levels.js';

/** One app log line as the console shows it (secrets already scrubbed by the logger). */
export const logEntrySchema = z.object({
  /** Increases with every line of this run: `GET /api/logs?after=` continues from it. */
  seq: z.number().int(),
  /** Unix milliseconds. */
  time: z.number(),
  level: z.enum(LOG_LEVELS),
  module: z.string().nullable(),
  msg: z.string(),
  /** The line's other fields (ids, counts, the error). */
  details: z.record(z.string(), z.unknown()),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const logsQuerySchema = z.object({
  /** Only lines at this level or above. */
  level: z.enum(LOG_LEVELS).optional(),
  /** Only lines after this `seq`. */
  after: z.coerce.number().int().min(0).optional(),
});

export const logsResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  /** Oldest first; at most the last 500 lines are kept. */
  entries: z.array(logEntrySchema),
});
