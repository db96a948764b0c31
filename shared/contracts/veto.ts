import { z } from 'zod';
import { matchFormatSchema, teamRefSchema } from './matches.js';
import { VETO_STARTERS } from './tournament.js';

const vetoTeamSchema = z.enum(['team1', 'team2']);
const sideSchema = z.enum(['ct', 't']);

export const vetoActionBodySchema = z
  .object({
    action: z.enum(['ban', 'pick', 'side']),
    map: z.string().min(1).max(64).optional(),
    side: sideSchema.optional(),
    /** An admin acting for a team names it; players act for their own team. */
    team: vetoTeamSchema.optional(),
    /** The board's `version` the action was chosen on: a board that moved on since refuses it. */
    version: z.number().int().nonnegative().optional(),
  })
  .strict();
export type VetoActionBody = z.infer<typeof vetoActionBodySchema>;

export const vetoHistoryEntrySchema = z.object({
  step: z.number().int(),
  team: vetoTeamSchema,
  teamName: z.string(),
  action: z.enum(['ban', 'pick', 'side']),
  /** Translated name of the action ("map ban", "map pick", "side pick"). */
  actionName: z.string(),
  map: z.string(),
  side: sideSchema.nullable(),
  /** Who acted: a player's platform id, or "admin". */
  by: z.string(),
  at: z.number().int(),
});
export type VetoHistoryEntry = z.infer<typeof vetoHistoryEntrySchema>;

export const VETO_STATUSES = ['pending', 'in_progress', 'completed', 'skipped'] as const;

export const vetoBoardSchema = z.object({
  matchSlug: z.string(),
  format: matchFormatSchema,
  status: z.enum(VETO_STATUSES),
  team1: teamRefSchema.nullable(),
  team2: teamRefSchema.nullable(),
  /** Increases with every action; send it back with an action to refuse one chosen on an old board. */
  version: z.number().int(),
  step: z.number().int(),
  totalSteps: z.number().int(),
  currentTeam: vetoTeamSchema.nullable(),
  currentAction: z.enum(['ban', 'pick', 'side']).nullable(),
  /** Who bans first and the rule that chose them (decision 78); tossed and stored when the veto opens. */
  starter: vetoTeamSchema,
  starterRule: z.enum(VETO_STARTERS),
  /** The coin toss's winner under `coin_toss` (the winner starts), else null. */
  coinToss: vetoTeamSchema.nullable(),
  /**
   * The team the series starts one map up for (the grand-final map advantage, decision 78), else null: the
   * veto runs as for the best-of and the series plays every map but the decider.
   */
  mapAdvantage: vetoTeamSchema.nullable(),
  pool: z.array(
    z.object({
      map: z.string(),
      state: z.enum(['available', 'banned', 'picked', 'decider']),
      by: vetoTeamSchema.nullable(),
    }),
  ),
  history: z.array(vetoHistoryEntrySchema),
  /** The maps to play in order and team 1's starting side on each, once the veto is done or skipped. */
  maps: z.array(
    z.object({
      number: z.number().int(),
      map: z.string(),
      pickedBy: z.enum(['team1', 'team2', 'decider']),
      side: z.enum(['team1_ct', 'team1_t', 'knife']),
    }),
  ),
});
export type VetoBoard = z.infer<typeof vetoBoardSchema>;

export const vetoResponseSchema = z.object({ success: z.literal(true), veto: vetoBoardSchema });
