import { z } from 'zod';
import { gameTextSchema, unixSecondsSchema } from './common.js';

export const MATCH_FORMATS = ['bo1', 'bo3', 'bo5'] as const;
export const matchFormatSchema = z.enum(MATCH_FORMATS);
export type MatchFormat = z.infer<typeof matchFormatSchema>;

/** API.md decision 6: `enabled` plays overtime; the other two let the plugin break a level map on damage. */
export const OVERTIME_MODES = ['enabled', 'disabled_tiebreak', 'disabled_draw'] as const;
export const overtimeModeSchema = z.enum(OVERTIME_MODES);
export type OvertimeMode = z.infer<typeof overtimeModeSchema>;

export const MATCH_STATUSES = [
  'pending',
  'ready',
  'loaded',
  'live',
  'completed',
  'cancelled',
  'needs_decision',
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const BRACKETS = ['UB', 'LB', 'GF', 'GF2', 'RR', 'SWISS', 'MANUAL', 'SE'] as const;
export type BracketKind = (typeof BRACKETS)[number];

export const DISPLAY_STATUSES = [
  'Veto pending',
  'Waiting for a server',
  'Waiting for pairing',
  'BYE',
  'NEEDS ADMIN DECISION',
  'Loaded',
  'Live',
  'Completed',
  'Cancelled',
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

export const teamRefSchema = z.object({ id: z.string(), name: z.string(), tag: z.string() });
export type TeamRef = z.infer<typeof teamRefSchema>;

export const etaSchema = z.object({
  startsAt: unixSecondsSchema,
  /** Whole minutes from now; 0 when it should already have started. */
  minutes: z.number().int().nonnegative(),
  /** measured: the median of this tournament's completed matches of the format; default: 40 min per map. */
  basis: z.enum(['measured', 'default']),
  /** Place in the queue (1 = next); null while the teams are not known. */
  position: z.number().int().nullable(),
});

export const matchMapSchema = z.object({
  number: z.number().int().nonnegative(),
  name: z.string(),
  team1Score: z.number().int(),
  team2Score: z.number().int(),
  winner: z.enum(['team1', 'team2']).nullable(),
  decidedBy: z.enum(['rounds', 'damage_tiebreak']).nullable(),
  demo: z.object({ available: z.boolean(), downloadUrl: z.string() }).nullable(),
});
export type MatchMap = z.infer<typeof matchMapSchema>;

/** Why a team lost without playing. */
/** `no_show`: the join clock's walkover (decision 59), set by that feature. */
export const FORFEIT_REASONS = ['no_check_in', 'forfeit', 'withdrawn', 'no_show'] as const;

/** Who forfeited a match and why: the admin's own words in `note`, the actor in `by` (decisions 60-61). */
export const matchForfeitSchema = z.object({
  teamIds: z.array(z.string()),
  reason: z.enum(FORFEIT_REASONS),
  note: z.string().nullable().optional(),
  by: z.string().nullable().optional(),
  at: unixSecondsSchema.optional(),
});
export type MatchForfeit = z.infer<typeof matchForfeitSchema>;

export const matchSchema = z.object({
  slug: z.string(),
  matchid: z.number().int(),
  tournamentId: z.number().int().nullable(),
  status: z.enum(MATCH_STATUSES),
  displayStatus: z.enum(DISPLAY_STATUSES),
  round: z.number().int(),
  matchNumber: z.number().int(),
  bracket: z.enum(BRACKETS),
  label: z.string(),
  /** `main`, `groups` or `playoffs`; null for a manual match. */
  stage: z.enum(['main', 'groups', 'playoffs']).nullable(),
  /** The group letter of a group match, else null. */
  group: z.string().nullable(),
  team1: teamRefSchema.nullable(),
  team2: teamRefSchema.nullable(),
  /** Who fills an empty slot: "Winner of UB R1 M2", "Loser of ...". */
  team1Placeholder: z.string().nullable(),
  team2Placeholder: z.string().nullable(),
  winnerId: z.string().nullable(),
  serverId: z.string().nullable(),
  format: matchFormatSchema,
  settings: z.object({ matchFormat: matchFormatSchema }),
  maxRounds: z.number().int(),
  overtimeMode: overtimeModeSchema,
  team1SeriesScore: z.number().int(),
  team2SeriesScore: z.number().int(),
  team1MapScore: z.number().int(),
  team2MapScore: z.number().int(),
  phase: z.enum(['live', 'halftime', 'overtime', 'paused']).nullable(),
  currentMapNumber: z.number().int().nullable(),
  maps: z.array(matchMapSchema),
  /**
   * The team that started one map up (the grand-final map advantage, API.md decision 78), else null.
   * The series scores count that map; it is in no list of played maps (no score, no stats, no demo).
   */
  mapAdvantage: z.enum(['team1', 'team2']).nullable(),
  /** Maps to play (no veto) or the 7-map pool of the veto. */
  mapPool: z.array(z.string()),
  veto: z
    .object({
      status: z.string(),
      currentTeam: z.enum(['team1', 'team2']).nullable(),
      currentAction: z.string().nullable(),
    })
    .nullable(),
  queuePosition: z.number().int().nullable(),
  createdAt: unixSecondsSchema,
  loadedAt: unixSecondsSchema.nullable(),
  completedAt: unixSecondsSchema.nullable(),
  /** When the result was last corrected (API.md decision 39); null when never. */
  correctedAt: unixSecondsSchema.nullable(),
  /**
   * Lost without playing (a walkover) by `teamIds`: not checked in (API.md decision 36), forfeited by
   * an admin (decision 60) or withdrawn (decision 61); null when played.
   */
  forfeit: matchForfeitSchema.nullable(),
  /** Its move waits for a free server; it moves when one frees (API.md decision 55). */
  moving: z.boolean(),
  /** On the stage queue (API.md decision 76): kept for a `stage` server and held in warmup until Go. */
  onStage: z.boolean(),
  /** When a caster or admin pressed Go, else null. */
  goAt: unixSecondsSchema.nullable(),
  /**
   * When the join clock runs out (API.md decision 59): from the server's config fetch until the first
   * map goes live; null when no clock runs (off, held, not loaded yet, or under way).
   */
  joinDeadline: unixSecondsSchema.nullable(),
  /** An admin holds this match's join clock (decision 59): it waits until released. */
  joinHeld: z.boolean(),
  /** Players of each side connected to the match's server (0 until it is loaded). */
  present: z.object({ team1: z.number().int(), team2: z.number().int() }),
  /** When the match should start (API.md decision 42); null once under way or done, or with no enabled server. */
  eta: etaSchema.nullable(),
});
export type Match = z.infer<typeof matchSchema>;

export const matchSlugParamsSchema = z.object({ slug: z.string().min(1).max(64) });

export const matchResponseSchema = z.object({ success: z.literal(true), match: matchSchema });
export const matchesResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  matches: z.array(matchSchema),
});
export const matchConnectResponseSchema = z.object({
  success: z.literal(true),
  /** Null until a server has the match loaded. */
  connect: z
    .object({
      host: z.string(),
      port: z.number().int(),
      password: z.string(),
      /** `connect <host>:<port>; password <password>` for the game console. */
      console: z.string(),
      /** The platform's connect link, opening the game on the server. */
      platformUrl: z.string(),
    })
    .nullable(),
});

/** API.md decision 49: how a caster or an admin spectates a match; both null until a server has it. */
export const matchSpectateResponseSchema = z.object({
  success: z.literal(true),
  /** The connect object of the webhooks. */
  connect: z
    .object({
      host: z.string(),
      port: z.number().int(),
      password: z.string(),
      platform_url: z.string(),
      console: z.string(),
    })
    .nullable(),
  /** The server's GOTV (tv_port, tv_password read over RCON); null when off or unknown. */
  gotv: z.object({ host: z.string(), port: z.number().int(), password: z.string().nullable() }).nullable(),
});

export const teamMatchResponseSchema = z.object({ success: z.literal(true), match: matchSchema.nullable() });

/** The completed matches a team played (byes left out), the latest first. */
export const teamHistoryResponseSchema = z.object({
  success: z.literal(true),
  teamId: z.string(),
  count: z.number().int(),
  matches: z.array(matchSchema),
});

export const createManualMatchSchema = z
  .object({
    team1Id: z.string().min(1),
    team2Id: z.string().min(1),
    format: matchFormatSchema.default('bo1'),
    maps: z.array(z.string().min(1)).max(7).optional(),
    veto: z.boolean().default(false),
    serverId: z.string().min(1).optional(),
    maxRounds: z.number().int().min(2).max(60).optional(),
    overtimeMode: overtimeModeSchema.optional(),
    label: gameTextSchema(64).optional(),
    /** Players per side the match is played with (the plugin's players_per_team); default 5. */
    teamSize: z.number().int().min(1).max(10).optional(),
  })
  .refine((m) => m.team1Id !== m.team2Id, { message: 'a team cannot play itself', path: ['team2Id'] });
export type CreateManualMatch = z.infer<typeof createManualMatchSchema>;

export const winnerBodySchema = z.object({ winner: z.enum(['team1', 'team2']) });

/** A load whose config its server has not fetched in time (issue 31): re-send it (restart) or move it (reallocate). */
export const stuckLoadSchema = z.object({
  matchSlug: z.string(),
  serverId: z.string(),
  sentAt: unixSecondsSchema,
  waitingSeconds: z.number().int(),
});
export type StuckLoad = z.infer<typeof stuckLoadSchema>;
export const stuckLoadsResponseSchema = z.object({
  success: z.literal(true),
  loads: z.array(stuckLoadSchema),
});
