import { z } from 'zod';
import { slugIdSchema } from './common.js';

export const gameServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  /** The RCON password is write-only: responses only say whether one is set. */
  hasRconPassword: z.boolean(),
  /** Shown to admins; hidden from read-only tokens (no secret ever reaches them). */
  serverPassword: z.string().optional(),
  hasServerPassword: z.boolean(),
  hostnameFormat: z.string(),
  gameBuildId: z.string().nullable(),
  gameVersion: z.string().nullable(),
  lastSeenAt: z.number().int().nullable(),
  enabled: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type GameServer = z.infer<typeof gameServerSchema>;

const hostSchema = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:[\]-]+$/, 'must be a host name or an IP address');
const portSchema = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be 1 to 65535')
  .max(65535, 'must be 1 to 65535');

export const createServerSchema = z.object({
  id: slugIdSchema,
  name: z.string().trim().min(1).max(64),
  host: hostSchema,
  port: portSchema,
  rconPassword: z.string().min(1).max(128),
  serverPassword: z.string().max(128).default(''),
  hostnameFormat: z.string().max(128).default(''),
  enabled: z.boolean().default(true),
});
export type CreateServer = z.infer<typeof createServerSchema>;

export const updateServerSchema = z
  .object({
    name: z.string().trim().min(1).max(64),
    host: hostSchema,
    port: portSchema,
    rconPassword: z.string().min(1).max(128),
    serverPassword: z.string().max(128),
    hostnameFormat: z.string().max(128),
    enabled: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'give at least one field to change');
export type UpdateServer = z.infer<typeof updateServerSchema>;

export const serverParamsSchema = z.object({ id: z.string().min(1) });
export const serverResponseSchema = z.object({ success: z.literal(true), server: gameServerSchema });
export const serversResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  servers: z.array(gameServerSchema),
});
