import { z } from 'zod';

/**
 * Plugin events, read leniently (PROTOCOL.md section 2): unknown fields are kept, only what Matchday
 * uses is checked. Numbers may arrive as numeric strings from older plugins.
 */
const int = z.coerce.number().int();

export const pluginEventSchema = z.looseObject({
  event: z.string().min(1).max(64),
  matchid: int.optional(),
  map_number: int.optional(),
});
export type PluginEvent = z.infer<typeof pluginEventSchema>;

const statsPlayer = z.looseObject({ stats: z.looseObject({ damage: int.optional() }).optional() });
const statsTeam = z.looseObject({
  score: int.default(0),
  series_score: int.default(0),
  players: z.array(statsPlayer).default([]),
});
const winner = z.looseObject({ team: z.string().optional(), side: z.string().optional() });

export const roundEndSchema = z.looseObject({
  round_number: int,
  team1: statsTeam,
  team2: statsTeam,
});
export const roundStartedSchema = z.looseObject({
  round_number: int,
  team1_score: int,
  team2_score: int,
});
export const mapResultSchema = z.looseObject({
  team1: statsTeam,
  team2: statsTeam,
  winner: winner.optional(),
});
export const seriesEndSchema = z.looseObject({
  team1_series_score: int.optional(),
  team2_series_score: int.optional(),
  winner: winner.optional(),
});

export const eventAnswerSchema = z.object({
  success: z.literal(true),
  /** applied | ignored | unmatched; a message says when the same bytes came before (a retry or a repeat) */
  outcome: z.string(),
  message: z.string().optional(),
});

/** The plugin's match report envelope (PROTOCOL.md 3.2), read leniently like events. */
export const matchReportSchema = z.looseObject({
  serverId: z.string().min(1).max(64),
  matchSlug: z.string().max(128).optional(),
  report: z.looseObject({
    match: z.looseObject({}).optional(),
    teams: z.looseObject({}).optional(),
    spectators: z.looseObject({}).optional(),
    connections: z.array(z.unknown()).optional(),
    server: z.looseObject({}).optional(),
  }),
});

export const matchLiveSchema = z.object({
  players: z.record(
    z.string(),
    z.object({ name: z.string(), slot: z.string(), connected: z.boolean(), ready: z.boolean() }),
  ),
  spectators: z.array(z.string()),
  pause: z.object({ by: z.string(), admin: z.boolean(), since: z.number().int().nullable() }).nullable(),
  demos: z.array(
    z.object({
      mapNumber: z.number().int(),
      fileName: z.string(),
      state: z.string(),
      reason: z.string().optional(),
    }),
  ),
  report: z
    .object({
      phase: z.string(),
      round: z.number().int(),
      tournamentStatus: z.string().nullable(),
      at: z.number().int(),
    })
    .nullable(),
});

export const storedEventSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  matchid: z.number().int().nullable(),
  mapNumber: z.number().int().nullable(),
  sender: z.string().nullable(),
  matchSlug: z.string().nullable(),
  receivedAt: z.number().int(),
  /** applied, ignored: why, unmatched: why, failed: why */
  outcome: z.string(),
  payload: z.unknown(),
});
