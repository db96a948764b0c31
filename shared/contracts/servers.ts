import { z } from 'zod';
import { MAX_SERVER_TAG_LENGTH, MAX_SERVER_TAGS, SERVER_TAG_PATTERN } from '../domain/server-tags.js';
import { gameTextSchema, oneLine, slugIdSchema } from './common.js';

/**
 * Which generation of the plugin a server runs: it picks command prefix and header names. `matchzy`
 * is MatchZy-Enhanced 1.4.x, `at` Auto Tournament CS2 2.x, `plugin` Matchday's fake game server.
 */
export const PLUGIN_FLAVOURS = ['plugin', 'matchzy', 'at'] as const;
export const pluginFlavourSchema = z.enum(PLUGIN_FLAVOURS);
/** The plugin versions Matchday works with; the server page words them in the language in use. */
export const SUPPORTED_PLUGIN_VERSIONS = { matchzy: '1.4.21', matchzyLine: '1.4.x', at: '2.0.0' } as const;
/** The same in English (README, setup's error). */
export const SUPPORTED_PLUGINS = `MatchZy-Enhanced ${SUPPORTED_PLUGIN_VERSIONS.matchzy} or a later ${SUPPORTED_PLUGIN_VERSIONS.matchzyLine}, Auto Tournament CS2 ${SUPPORTED_PLUGIN_VERSIONS.at}`;

/**
 * What setup checks over RCON, in order: the server page words each one in the web app's catalogues
 * (`servers.intro.checks`), and the README says the same.
 */
export const SETUP_CHECKS = ['plugin', 'commands', 'gotv', 'bootstrap'] as const;

/** What an admin sets: `auto` (the default) uses what setup detects over RCON. */
export const PLUGIN_FLAVOUR_SETTINGS = ['auto', ...PLUGIN_FLAVOURS] as const;
export const pluginFlavourSettingSchema = z.enum(PLUGIN_FLAVOUR_SETTINGS);

/** Server tags (API.md decision 74): lowercase words, at most 8, each at most 24 characters. */
export const serverTagsSchema = z
  .array(
    z
      .string()
      .max(MAX_SERVER_TAG_LENGTH, `a tag has at most ${MAX_SERVER_TAG_LENGTH} characters`)
      .regex(SERVER_TAG_PATTERN, 'a tag is a lowercase word: a-z, 0-9, "-" or "_"'),
  )
  .max(MAX_SERVER_TAGS, `at most ${MAX_SERVER_TAGS} tags`)
  .refine((tags) => new Set(tags).size === tags.length, 'each tag once');

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
  /** The CS2 build (steam.inf ServerVersion) the server reported over RCON; null before it did. */
  gameBuildId: z.string().nullable(),
  /** The CS2 patch version (e.g. 1.41.0.2) from the server's `status`. */
  gameVersion: z.string().nullable(),
  lastSeenAt: z.number().int().nullable(),
  enabled: z.boolean(),
  /** The admin's choice of plugin generation; `auto` detects it at every setup. */
  flavour: pluginFlavourSettingSchema,
  /** An admin vouched for the game version (no internet on the LAN to check it). */
  trusted: z.boolean(),
  /** Tournaments, stages, rounds and the stage queue may require tags (decisions 74, 76). */
  tags: z.array(z.string()),
  plugin: z.object({
    /** What answered setup's probe over RCON; null before setup or when nothing did. */
    detected: pluginFlavourSchema.nullable(),
    /** The names commands are sent under: the admin's choice, else what setup detected. */
    commandFlavour: pluginFlavourSchema,
    /** The plugin as people know it (from the detected or chosen generation). */
    product: z.string(),
    /** Read over RCON at setup (1.4.x), else from the plugin's own `server_configured`. */
    version: z.string().nullable(),
    hostname: z.string().nullable(),
    /** The last `plugin_tournament_status` seen (idle, warmup, playing, ...). */
    status: z.string().nullable(),
    dbOk: z.boolean().nullable(),
    dbType: z.string().nullable(),
    dbError: z.string().nullable(),
    updateRequiredVersion: z.string().nullable(),
  }),
  setup: z.object({
    sentAt: z.number().int().nullable(),
    error: z.string().nullable(),
    /** Setup was sent and the plugin has not fetched its settings from Matchday yet. */
    waitingForBootstrap: z.boolean(),
    /** How often the bootstrap URL was sent again for want of a fetch; after 3 the setup fails. */
    bootstrapResends: z.number().int(),
    bootstrappedAt: z.number().int().nullable(),
    configuredAt: z.number().int().nullable(),
  }),
  availability: z.object({
    free: z.boolean(),
    blockedReason: z
      .enum(['disabled', 'failed', 'update_required', 'outdated', 'unverified', 'holding_demo'])
      .nullable(),
    blocked: z.string().nullable(),
    busy: z.string().nullable(),
    activeMatch: z.string().nullable(),
    warnings: z.array(z.string()),
  }),
  demoHold: z
    .object({ until: z.number().int(), matchSlug: z.string().nullable(), uploading: z.boolean() })
    .nullable(),
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

/**
 * A server's events go to `/api/events/<id>`: these ids would land on Matchday's own `/api/events/report`
 * and `/api/events/test` instead (routes match regardless of case), and every event would be refused.
 */
const RESERVED_SERVER_IDS = new Set(['report', 'test']);

const serverIdSchema = slugIdSchema.refine(
  (id) => !RESERVED_SERVER_IDS.has(id.toLowerCase()),
  "is taken by Matchday's own addresses /api/events/report and /api/events/test: choose another id",
);

export const createServerSchema = z.object({
  id: serverIdSchema,
  name: gameTextSchema(64),
  host: hostSchema,
  port: portSchema,
  rconPassword: oneLine(z.string().min(1).max(128)),
  serverPassword: oneLine(z.string().max(128)).default(''),
  hostnameFormat: gameTextSchema(128, 0).default(''),
  enabled: z.boolean().default(true),
  flavour: pluginFlavourSettingSchema.default('auto'),
  trusted: z.boolean().default(false),
  tags: serverTagsSchema.default([]),
});
export type CreateServer = z.infer<typeof createServerSchema>;

export const updateServerSchema = z
  .object({
    name: gameTextSchema(64),
    host: hostSchema,
    port: portSchema,
    rconPassword: oneLine(z.string().min(1).max(128)),
    serverPassword: oneLine(z.string().max(128)),
    hostnameFormat: gameTextSchema(128, 0),
    enabled: z.boolean(),
    flavour: pluginFlavourSettingSchema,
    trusted: z.boolean(),
    tags: serverTagsSchema,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'give at least one field to change');
export type UpdateServer = z.infer<typeof updateServerSchema>;

export const serverParamsSchema = z.object({ id: z.string().min(1) });
/**
 * A setup that would point the server's events to a new Matchday address answers 409
 * EVENT_ADDRESS_CHANGES (the plugin drops its undelivered events on a new URL) unless confirmed.
 */
export const setupBodySchema = z.object({ confirmAddressChange: z.boolean().optional() }).strict().optional();
/**
 * What anyone may read of a server (the stream overlay, API.md decision 50): its name and the match it
 * holds, never its address or a secret.
 */
export const publicServerResponseSchema = z.object({
  success: z.literal(true),
  server: z.object({ id: z.string(), name: z.string(), matchSlug: z.string().nullable() }),
});
export const serverResponseSchema = z.object({ success: z.literal(true), server: gameServerSchema });
export const serversResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  servers: z.array(gameServerSchema),
});

export const connectionTestSchema = z.object({
  host: hostSchema,
  port: portSchema,
  rconPassword: oneLine(z.string().min(1).max(128)),
});

/** One check of a connection test: passed, or why not. */
const checkSchema = z.object({ ok: z.boolean(), message: z.string(), ms: z.number().int().optional() });
export const connectionTestResponseSchema = z.object({
  success: z.literal(true),
  ok: z.boolean(),
  rcon: checkSchema,
  /** RCON-only test of an unsaved server has no plugin round trip. */
  plugin: checkSchema.optional(),
});

export const serverStatusResponseSchema = z.object({
  success: z.literal(true),
  server: gameServerSchema,
  /** What the plugin says over RCON right now; null when RCON cannot reach it. */
  live: z
    .object({
      status: z.string().nullable(),
      match: z.string().nullable(),
      nextMatch: z.string().nullable(),
      updated: z.number().int().nullable(),
    })
    .nullable(),
  rconError: z.string().nullable(),
});

export const bootstrapResponseSchema = z.object({
  success: z.literal(true),
  serverId: z.string(),
  commands: z.array(z.string()),
});

/** One server's line of `POST /api/servers/actions`: what the action did to the match that server holds. */
export interface BulkResult {
  serverId: string;
  ok: boolean;
  matchSlug: string | null;
  code?: string;
  error?: string;
}
