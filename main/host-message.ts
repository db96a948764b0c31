import { z } from 'zod';
import type { ServerHostMessage } from '../shared/ipc.js';

const hostMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('server-started'),
    port: z.number().int().min(1).max(65535),
    lanUrls: z.array(z.string()),
    dataDir: z.string(),
    adminLinkToken: z.string().min(16),
  }),
  z.object({
    type: z.literal('server-failed'),
    message: z.string(),
    nextFreePort: z.number().int().min(1).max(65535).optional(),
  }),
  z.object({
    type: z.literal('server-status'),
    tournamentInProgress: z.boolean(),
    liveMatches: z.number().int().min(0),
  }),
  z.object({ type: z.literal('server-addresses'), lanUrls: z.array(z.string()) }),
  z.object({ type: z.literal('admin-link'), adminLinkToken: z.string().min(16) }),
  z.object({ type: z.literal('attention'), kind: z.string().max(64), message: z.string().max(2000) }),
]);

/** The server process's message, or undefined when it is not one we know. */
export function parseHostMessage(data: unknown): ServerHostMessage | undefined {
  const parsed = hostMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
