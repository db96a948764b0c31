import { z } from 'zod';
import { gameTextSchema, unixSecondsSchema } from './common.js';

/** The timetable (API.md decision 75); Unix seconds. */
export const scheduleBreakSchema = z
  .object({ name: gameTextSchema(60), from: unixSecondsSchema, to: unixSecondsSchema })
  .strict();
export const scheduleSchema = z.object({
  /** `"<stage>.<round>"` -> when the round may start at the earliest. */
  rounds: z.record(z.string().max(60), z.object({ notBefore: unixSecondsSchema }).strict()),
  breaks: z.array(scheduleBreakSchema).max(50),
  autoStartAt: unixSecondsSchema.nullable(),
});
export type ScheduleSettings = z.infer<typeof scheduleSchema>;
export const DEFAULT_SCHEDULE: ScheduleSettings = { rounds: {}, breaks: [], autoStartAt: null };

/** A round planned to start while an earlier planned round should still be starting matches. */
export const scheduleWarningSchema = z.object({
  round: z.string(),
  lastStartsAt: unixSecondsSchema,
  nextRound: z.string(),
  nextNotBefore: unixSecondsSchema,
});

/** The timetable as it stands now: what holds new loads, and what does not fit. */
export const timetableSchema = z.object({
  paused: z.boolean(),
  pausedAt: unixSecondsSchema.nullable(),
  currentBreak: scheduleBreakSchema.nullable(),
  /** Why the last automatic start was refused; null when it was not. */
  autoStartProblem: z.string().nullable(),
  warnings: z.array(scheduleWarningSchema),
});
export type Timetable = z.infer<typeof timetableSchema>;
