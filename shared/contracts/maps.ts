import { z } from 'zod';

/** Map ids as the game names them: de_mirage, workshop maps by their file name. */
export const mapIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9_]+$/, 'lower-case letters, digits and "_" only, as the game names maps (de_mirage)');

/** Game modes (API.md decision 74): 5v5, 2v2 wingman, 1v1. */
export const GAME_MODES = ['competitive', 'wingman', 'duel'] as const;
export const gameModeSchema = z.enum(GAME_MODES);
export type GameMode = z.infer<typeof gameModeSchema>;
/** The modes a map is played in (decision 74): each once, at least one. */
const mapModesSchema = z
  .array(gameModeSchema)
  .min(1)
  .refine((modes) => new Set(modes).size === modes.length, 'each mode once');

export const gameMapSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  imageUrl: z.string().nullable(),
  workshopId: z.string().nullable(),
  enabled: z.boolean(),
  modes: z.array(gameModeSchema),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type GameMap = z.infer<typeof gameMapSchema>;

const displayNameSchema = z.string().trim().min(1).max(64);
const imageUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).nullable();
const workshopIdSchema = z
  .string()
  .regex(/^\d{1,20}$/, 'must be the numeric workshop id')
  .nullable();

export const createMapSchema = z.object({
  id: mapIdSchema,
  displayName: displayNameSchema,
  imageUrl: imageUrlSchema.optional(),
  workshopId: workshopIdSchema.optional(),
  enabled: z.boolean().default(true),
  modes: mapModesSchema.default(['competitive']),
});
export type CreateMap = z.infer<typeof createMapSchema>;

export const updateMapSchema = z
  .object({
    displayName: displayNameSchema,
    enabled: z.boolean(),
    imageUrl: imageUrlSchema,
    workshopId: workshopIdSchema,
    modes: mapModesSchema,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'give at least one field to change');
export type UpdateMap = z.infer<typeof updateMapSchema>;

export const mapParamsSchema = z.object({ id: z.string().min(1) });

export const mapPoolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mapIds: z.array(z.string()),
  isDefault: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type MapPool = z.infer<typeof mapPoolSchema>;

export const mapPoolInputSchema = z.object({
  name: z.string().trim().min(1).max(64),
  mapIds: z
    .array(mapIdSchema)
    .min(1)
    .max(32)
    .refine((ids) => new Set(ids).size === ids.length, 'a map can be in a pool only once'),
});
export type MapPoolInput = z.infer<typeof mapPoolInputSchema>;

export const mapPoolParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const mapResponseSchema = z.object({ success: z.literal(true), map: gameMapSchema });
export const mapsResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  maps: z.array(gameMapSchema),
});
export const mapPoolResponseSchema = z.object({ success: z.literal(true), pool: mapPoolSchema });
export const mapPoolsResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  pools: z.array(mapPoolSchema),
});

/** A workshop id (digits) or a workshop page URL carrying `?id=`. */
export const workshopParamsSchema = z.object({ idOrUrl: z.string().trim().min(1).max(512) });

export const workshopLookupResponseSchema = z.object({
  success: z.literal(true),
  item: z.object({
    workshopId: z.string(),
    title: z.string(),
    previewUrl: z.string().nullable(),
    /** A map id built from the title, for the add-map form to start from. */
    suggestedMapId: z.string(),
  }),
});
