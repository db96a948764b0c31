import { z } from 'zod';
import { gameTextSchema, platformIdSchema } from './common.js';

export const DEFAULT_RATING = 1500;

export const playerSchema = z.object({
  platformId: z.string(),
  name: z.string(),
  /** Only admins and API tokens see it. */
  chatId: z.string().nullable().optional(),
  rating: z.number(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Player = z.infer<typeof playerSchema>;

const chatIdSchema = z.string().trim().min(1).max(64).nullable();
const ratingSchema = z.number().finite().min(0).max(10_000);

export const createPlayerSchema = z.object({
  platformId: platformIdSchema,
  name: gameTextSchema(64),
  chatId: chatIdSchema.optional(),
  rating: ratingSchema.optional(),
});
export type CreatePlayer = z.infer<typeof createPlayerSchema>;

export const updatePlayerSchema = z
  .object({
    name: gameTextSchema(64).optional(),
    chatId: chatIdSchema.optional(),
    rating: ratingSchema.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'give at least one of name, chatId, rating');
export type UpdatePlayer = z.infer<typeof updatePlayerSchema>;

export const playerParamsSchema = z.object({ platformId: platformIdSchema });
export const discordParamsSchema = z.object({ discordId: z.string().trim().min(1).max(64) });

export const playerResponseSchema = z.object({ success: z.literal(true), player: playerSchema });
export const playersResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  players: z.array(playerSchema),
});
export const importedPlayerSchema = z.object({
  player: playerSchema,
  result: z.enum(['created', 'updated']),
});
