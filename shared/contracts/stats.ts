import { z } from 'zod';
import { STAT_SORTS } from '../domain/player-stats.js';
import { platformIdSchema } from './common.js';

/** Per-player statistics (API.md decisions 44-46). */

const count = z.number().int().min(0);

export const statLineSchema = z.object({
  platformId: z.string(),
  name: z.string(),
  teamId: z.string().nullable(),
  kills: count,
  deaths: count,
  assists: count,
  /** Damage per round played, 1 decimal. */
  adr: z.number(),
  /** Headshot kills per 100 kills, whole (0 with no kills). */
  hsPercent: count,
  /** Kills / max(deaths, 1), 2 decimals. */
  kd: z.number(),
  mvps: count,
  roundsPlayed: count,
  firstKills: count,
  clutchesWon: count,
  utilityDamage: count,
  enemiesFlashed: count,
  /** Reserved. */
  rating: z.null(),
});
export type StatLineBody = z.infer<typeof statLineSchema>;

const sidesSchema = z.object({ team1: z.array(statLineSchema), team2: z.array(statLineSchema) });

export const matchStatsResponseSchema = z.object({
  success: z.literal(true),
  /** The match is over and every map finished: the figures no longer change. */
  final: z.boolean(),
  maps: z.array(
    sidesSchema.extend({
      number: z.number().int(),
      name: z.string(),
      /** false while the map runs: the figures are provisional. */
      final: z.boolean(),
    }),
  ),
  total: sidesSchema,
});
export type MatchStats = z.infer<typeof matchStatsResponseSchema>;

export const playerStatsResponseSchema = z.object({
  success: z.literal(true),
  player: z.object({ platformId: z.string(), name: z.string() }),
  /** Summed over the current tournament; null when the player has played no map of it. */
  tournament: statLineSchema.nullable(),
  matches: z.array(z.object({ slug: z.string(), label: z.string(), line: statLineSchema })),
});
export type PlayerStats = z.infer<typeof playerStatsResponseSchema>;

export const tournamentStatLineSchema = statLineSchema.extend({ matches: count, maps: count });
export type TournamentStatLine = z.infer<typeof tournamentStatLineSchema>;

export const tournamentStatsResponseSchema = z.object({
  success: z.literal(true),
  players: z.array(tournamentStatLineSchema),
  /** Once the tournament is completed: most MVPs, then ADR, then kills. */
  mvp: platformIdSchema.nullable(),
});
export type TournamentStats = z.infer<typeof tournamentStatsResponseSchema>;

export const tournamentStatsQuerySchema = z.object({
  sort: z.enum(STAT_SORTS, { error: `must be one of ${STAT_SORTS.join(', ')}` }).default('kills'),
  min_maps: z.coerce
    .number({ error: 'must be a whole number from 0' })
    .int('must be a whole number from 0')
    .min(0, 'must be a whole number from 0')
    .max(10_000)
    .default(1),
});
