import { z } from 'zod';
import { gameTextSchema, unixSecondsSchema } from './common.js';

/**
 * What can need the organiser (API.md decision 64). Built today: `decision` (a match needing an admin
 * decision), `stuck_load` (a loaded match whose server never fetched its config), `paused` (paused longer
 * than `pauseAlertMinutes`), `demo_missing` (no demo 10 minutes after its map ended) and `call` (a
 * player called an admin, decision 65). The others are raised by the features that own their causes.
 */
export const ATTENTION_KINDS = [
  'decision',
  'stuck_load',
  'paused',
  'demo_missing',
  'call',
  'no_show',
  'server_lost',
  'move',
  'preflight',
  'player_busy',
] as const;
export const attentionKindSchema = z.enum(ATTENTION_KINDS);
export type AttentionKind = z.infer<typeof attentionKindSchema>;

export const attentionItemSchema = z.object({
  id: z.number().int(),
  kind: attentionKindSchema,
  matchSlug: z.string().optional(),
  serverId: z.string().optional(),
  teamId: z.string().optional(),
  /** When the cause began (a call: when it was made). */
  since: unixSecondsSchema,
  /** What happened, in a sentence (a call: who calls from where, and their words). */
  message: z.string(),
  /** An admin has seen it (greyed); it still leaves only when its cause is gone. */
  acknowledged: z.boolean(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const attentionListResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(attentionItemSchema),
});

export const attentionItemResponseSchema = z.object({ success: z.literal(true), item: attentionItemSchema });

export const attentionIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** API.md decision 65: one line of at most 200 characters. */
export const callAdminBodySchema = z.object({ message: gameTextSchema(200) });
