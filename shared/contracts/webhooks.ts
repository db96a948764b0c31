import { z } from 'zod';

/** The outbound webhook events, in the spec's order. */
export const WEBHOOK_EVENT_TYPES = [
  'match.ready',
  'match.live',
  'match.map_started',
  'match.score_updated',
  'match.map_ended',
  'match.finished',
  'match.cancelled',
  'match.reset',
  /** API.md decision 66: an attention item about the match appeared. */
  'match.attention',
  'team.withdrawn',
  'match.moved',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
/** The events about a team rather than a match (API.md decision 66). */
export type TeamEventType = Extract<WebhookEventType, `team.${string}`>;
export const isTeamEvent = (type: WebhookEventType): type is TeamEventType => type.startsWith('team.');

const urlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// URL');

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'choose at least one event, or leave the list out for all')
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((t) => events.includes(t)));

export const createWebhookSchema = z.object({
  url: urlSchema,
  events: eventsSchema.optional(),
  teamsSource: z.string().trim().min(1).max(64).nullable().optional(),
  enabled: z.boolean().default(true),
});
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .object({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    teamsSource: z.string().trim().min(1).max(64).nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'give at least one of url, events, teamsSource, enabled');
export type UpdateWebhook = z.infer<typeof updateWebhookSchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  teamsSource: z.string().nullable(),
  enabled: z.boolean(),
  /** Why Matchday turned the endpoint off (after the last retry failed); null while it runs. */
  notice: z.string().nullable(),
  disabledAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const deliveryIdParamsSchema = z.object({ deliveryId: z.coerce.number().int().positive() });

export const webhookResponseSchema = z.object({ success: z.literal(true), webhook: webhookSchema });
export const createdWebhookResponseSchema = webhookResponseSchema.extend({
  /** The signing secret: shown in this answer only. */
  secret: z.string(),
});
export const webhooksResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  webhooks: z.array(webhookSchema),
});

export const deliveryAttemptSchema = z.object({
  attemptedAt: z.number().int(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  response: z.string().nullable(),
  error: z.string().nullable(),
});

export const deliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  type: z.string(),
  sequence: z.number().int(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(deliveryAttemptSchema),
  nextAttemptAt: z.number().int().nullable(),
  resendOf: z.number().int().nullable(),
  createdAt: z.number().int(),
  deliveredAt: z.number().int().nullable(),
  /** The body as sent, with the game server's connect details hidden. */
  request: z.unknown(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveriesQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });
export const deliveriesResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  deliveries: z.array(deliverySchema),
});
export const deliveryResponseSchema = z.object({ success: z.literal(true), delivery: deliverySchema });

/** Optional body of a test event: which kind it imitates (default `match.ready`). */
export const testWebhookSchema = z.object({ type: webhookEventTypeSchema.optional() }).optional();
