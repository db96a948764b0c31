import { z } from 'zod';

/**
 * API.md decision 81: a match as Lexogrine HUD Manager (LHM, used by the open cs2-react-hud) imports it.
 * Field names and types are LHM's own (`types/interfaces.ts` of lexogrine/hud-manager): the answer is
 * the body of LHM's `POST /api/import` (`teams`, `players`; LHM ignores the other keys), and `match` is
 * the body of its `POST /api/match`. The README maps each field to Matchday's.
 */

export const hudTeamSchema = z.object({
  _id: z.string(),
  name: z.string(),
  shortName: z.string(),
  country: z.string(),
  /** Matchday keeps no team logos: always "" (LHM then shows its default logo). */
  logo: z.string(),
  extra: z.record(z.string(), z.string()),
});

export const hudPlayerSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  avatar: z.string(),
  country: z.string(),
  /** The 17-digit platform id: how LHM recognises the player in the game's data. */
  steamid: z.string(),
  /** The `_id` of the player's team. */
  team: z.string(),
  extra: z.record(z.string(), z.string()),
});

export const hudVetoSchema = z.object({
  /** The team that banned or picked; "" for the decider. */
  teamId: z.string(),
  mapName: z.string(),
  /** The starting side of the left team (team 1) on a map to play; "NO" for a ban or a knife round. */
  side: z.enum(['CT', 'T', 'NO']),
  type: z.enum(['ban', 'pick', 'decider']),
  reverseSide: z.boolean(),
  /** Rounds won per team `_id`, once the map started. */
  score: z.record(z.string(), z.number().int()).optional(),
  /** The `_id` of the map's winner, once decided. */
  winner: z.string().optional(),
  mapEnd: z.boolean(),
});

export const hudMatchSchema = z.object({
  id: z.string(),
  /** True while the match is loaded on its server or live. */
  current: z.boolean(),
  left: z.object({ id: z.string().nullable(), wins: z.number().int() }),
  right: z.object({ id: z.string().nullable(), wins: z.number().int() }),
  game: z.literal('csgo'),
  matchType: z.enum(['bo1', 'bo3', 'bo5']),
  vetos: z.array(hudVetoSchema),
  /** Unix milliseconds of the load; 0 before. */
  startTime: z.number().int(),
});

export const hudResponseSchema = z.object({
  success: z.literal(true),
  format: z.literal('lexogrine-hud-manager'),
  teams: z.array(hudTeamSchema),
  players: z.array(hudPlayerSchema),
  match: hudMatchSchema,
});
export type HudHandOff = z.infer<typeof hudResponseSchema>;
export type HudVeto = z.infer<typeof hudVetoSchema>;
