import { z } from 'zod';

/** automatic: every 10 minutes while a tournament is in progress; before-restore: the data a restore replaced. */
export const SNAPSHOT_KINDS = ['automatic', 'manual', 'before-restore'] as const;
export type SnapshotKind = (typeof SNAPSHOT_KINDS)[number];

export const snapshotNameSchema = z
  .string()
  .regex(/^(automatic|manual|before-restore)-\d{8}T\d{6}Z(-\d{1,3})?\.sqlite$/, 'not a snapshot name');

export const snapshotSchema = z.object({
  name: z.string(),
  kind: z.enum(SNAPSHOT_KINDS),
  /** Unix seconds. */
  createdAt: z.number().int(),
  sizeBytes: z.number().int(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

export const snapshotListSchema = z.object({
  success: z.literal(true),
  snapshots: z.array(snapshotSchema),
  /** Minutes between automatic snapshots and how many are kept. */
  schedule: z.object({ intervalMinutes: z.number(), keep: z.number() }),
});

export const snapshotAnswerSchema = z.object({ success: z.literal(true), snapshot: snapshotSchema });

export const restoreAnswerSchema = z.object({
  success: z.literal(true),
  /** Schema version of the restored file (brought up to date on opening). */
  schemaVersion: z.number().int(),
  /** The data the restore replaced, kept as a snapshot. */
  safetyCopy: snapshotSchema,
  /** Demo files put back from a backup archive (`GET /api/backup?demos=1`). */
  demosRestored: z.number().int().optional(),
});
export type RestoreAnswer = z.infer<typeof restoreAnswerSchema>;
