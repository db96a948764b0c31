import { z } from 'zod';

/** The steps a test match proves on its server, in order (API.md decision 58). */
export const TEST_MATCH_STEPS = ['load', 'fetched', 'live', 'completed', 'demo'] as const;
export type TestMatchStep = (typeof TEST_MATCH_STEPS)[number];

/** When each step was seen (Unix seconds), null while it is still awaited. */
export const testMatchStepTimesSchema = z.object({
  load: z.number().int().nullable(),
  fetched: z.number().int().nullable(),
  live: z.number().int().nullable(),
  completed: z.number().int().nullable(),
  demo: z.number().int().nullable(),
});
export type TestMatchStepTimes = z.infer<typeof testMatchStepTimesSchema>;

export const testMatchServerReportSchema = z.object({
  serverId: z.string(),
  name: z.string(),
  state: z.enum(['running', 'passed', 'failed']),
  steps: testMatchStepTimesSchema,
  /** The first step that did not happen and why; null while running or after a pass. */
  failed: z.object({ step: z.enum(TEST_MATCH_STEPS), reason: z.string() }).nullable(),
});
export type TestMatchServerReport = z.infer<typeof testMatchServerReportSchema>;

export const testMatchRunSchema = z.object({
  startedAt: z.number().int(),
  /** Set once every server passed or failed. */
  finishedAt: z.number().int().nullable(),
  servers: z.array(testMatchServerReportSchema),
});
export type TestMatchRun = z.infer<typeof testMatchRunSchema>;
