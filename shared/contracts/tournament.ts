import { z } from 'zod';
import { gameTextSchema, unixSecondsSchema, warningsSchema } from './common.js';
import { scheduleSchema, timetableSchema } from './timetable.js';
import { serverTagsSchema } from './servers.js';
import { gameModeSchema, type GameMode } from './maps.js';

export { GAME_MODES, gameModeSchema, type GameMode } from './maps.js';
import { matchFormatSchema, matchSchema, overtimeModeSchema, teamRefSchema } from './matches.js';

export const TOURNAMENT_TYPES = [
  'single_elimination',
  'double_elimination',
  'round_robin',
  'swiss',
  'shuffle',
  'groups_playoffs',
] as const;
export const tournamentTypeSchema = z.enum(TOURNAMENT_TYPES);
export type TournamentType = z.infer<typeof tournamentTypeSchema>;

export const TOURNAMENT_STATUSES = ['setup', 'in_progress', 'completed'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** Teams in one tournament (a 1024-team double elimination is 2046 matches). */
export const MAX_TEAMS = 1024;

export const GRAND_FINAL_MODES = ['simple', 'double', 'none'] as const;
export const SEEDING_MODES = ['manual', 'random', 'rating'] as const;

const mapPoolSchema = z.array(z.string().min(1)).max(16);

/** Players per side when the settings name no `teamSize`. */
export const DEFAULT_TEAM_SIZE: Record<GameMode, number> = { competitive: 5, wingman: 2, duel: 1 };

/** A stage's or round's own best-of and map pool (API.md decision 31): at least one of the two. */
export const formatOverrideSchema = z
  .object({
    format: matchFormatSchema.optional(),
    mapPool: mapPoolSchema.optional(),
    /** Tags a server must carry to take this round's matches (decision 74). */
    serverTags: serverTagsSchema.optional(),
  })
  .refine(
    (v) => v.format !== undefined || v.mapPool !== undefined || v.serverTags !== undefined,
    'give format, mapPool or serverTags',
  );

/** Round name -> override; the service checks the keys' shape against the bracket type. */
export const roundOverridesSchema = z.record(z.string().max(40), formatOverrideSchema);

/** What happens when a match's join clock runs out (API.md decision 59). */
export const NO_SHOW_ACTIONS = ['admin', 'walkover'] as const;
export type NoShowAction = (typeof NO_SHOW_ACTIONS)[number];
/** Whole minutes from the config fetch to the deadline; 0 = no clock. */
export const joinMinutesSchema = z.number().int().min(0).max(240);
const joinClockFields = {
  joinMinutes: joinMinutesSchema.optional(),
  noShowAction: z.enum(NO_SHOW_ACTIONS).optional(),
};

export const CHECK_IN_MISSING = ['drop', 'forfeit'] as const;

/** Check-in (API.md decision 33): whether teams must check in, when, and what happens to the others. */
export const checkInSettingsSchema = z.object({
  required: z.boolean(),
  /** null: open at once. */
  opensAt: unixSecondsSchema.nullable(),
  /** null: until the start. */
  deadline: unixSecondsSchema.nullable(),
  missing: z.enum(CHECK_IN_MISSING),
});
export type CheckInSettings = z.infer<typeof checkInSettingsSchema>;
export const DEFAULT_CHECK_IN: CheckInSettings = {
  required: false,
  opensAt: null,
  deadline: null,
  missing: 'drop',
};

/** Who bans first (API.md decision 78): team 1, the better seed, or a coin Matchday tosses at veto start. */
export const VETO_STARTERS = ['team1', 'higher_seed', 'coin_toss'] as const;
export type VetoStarter = (typeof VETO_STARTERS)[number];

/** Valve-style Swiss (API.md decision 77): wins to advance, losses to go out; null = fixed rounds. */
const swissThresholdFields = {
  advanceAt: z.number().int().min(1).max(10).nullable().optional(),
  eliminateAt: z.number().int().min(1).max(10).nullable().optional(),
  /** The best-of of a match that can advance or eliminate a team; null = the stage's format. */
  deciderFormat: matchFormatSchema.nullable().optional(),
};

export const tournamentSettingsSchema = z.object({
  grandFinalMode: z.enum(GRAND_FINAL_MODES),
  maxRounds: z.number().int().min(2).max(60),
  overtimeMode: overtimeModeSchema,
  mapPool: mapPoolSchema,
  seeding: z.enum(SEEDING_MODES),
  /** The stored seed of `random` seeding, so a reset draws the same bracket again. */
  randomSeed: z.number().int().nullable(),
  thirdPlaceMatch: z.boolean(),
  veto: z.boolean(),
  swissRounds: z.number().int().min(1).max(20).optional(),
  ...swissThresholdFields,
  vetoStarter: z.enum(VETO_STARTERS).optional(),
  /** Double elimination: the upper-bracket team starts the first grand final one map up (decision 78). */
  grandFinalMapAdvantage: z.boolean().optional(),
  teamSize: z.number().int().min(1).max(10).optional(),
  /** Per-round overrides of a single-stage single or double elimination. */
  rounds: roundOverridesSchema.optional(),
  checkIn: checkInSettingsSchema,
  schedule: scheduleSchema,
  /** The join clock (decision 59); unset: 10 minutes, `admin`. A stage may set its own. */
  ...joinClockFields,
});
export type TournamentSettings = z.infer<typeof tournamentSettingsSchema>;

export const GROUP_TYPES = ['round_robin', 'swiss'] as const;
export const PLAYOFF_TYPES = ['single_elimination', 'double_elimination'] as const;
export const PLAYOFF_STARTS = ['auto', 'manual'] as const;

export const groupsStageInputSchema = z.object({
  kind: z.literal('groups'),
  type: z.enum(GROUP_TYPES),
  groupCount: z.number().int().min(1).max(16),
  advancePerGroup: z.number().int().min(1).max(64),
  format: matchFormatSchema.optional(),
  mapPool: mapPoolSchema.optional(),
  swissRounds: z.number().int().min(1).max(20).optional(),
  ...swissThresholdFields,
  serverTags: serverTagsSchema.optional(),
  ...joinClockFields,
});
export const playoffsStageInputSchema = z.object({
  kind: z.literal('playoffs'),
  type: z.enum(PLAYOFF_TYPES),
  format: matchFormatSchema.optional(),
  mapPool: mapPoolSchema.optional(),
  rounds: roundOverridesSchema.optional(),
  grandFinalMode: z.enum(GRAND_FINAL_MODES).optional(),
  thirdPlaceMatch: z.boolean().optional(),
  start: z.enum(PLAYOFF_STARTS).optional(),
  serverTags: serverTagsSchema.optional(),
  ...joinClockFields,
});
export type GroupsStageInput = z.infer<typeof groupsStageInputSchema>;
export type PlayoffsStageInput = z.infer<typeof playoffsStageInputSchema>;

/** A `groups_playoffs` tournament's two stages, groups first (API.md decision 24). */
export const stagesInputSchema = z
  .array(z.discriminatedUnion('kind', [groupsStageInputSchema, playoffsStageInputSchema]))
  .length(2)
  .superRefine((stages, ctx) => {
    ['groups', 'playoffs'].forEach((kind, i) => {
      if (stages[i] && stages[i].kind !== kind) {
        ctx.addIssue({ code: 'custom', path: [i, 'kind'], message: `stage ${i + 1} must be the ${kind}` });
      }
    });
  });
export type StagesInput = [GroupsStageInput, PlayoffsStageInput];

export const STAGE_STATUSES = ['pending', 'in_progress', 'completed'] as const;
const stageStatusSchema = z.enum(STAGE_STATUSES);
export const MATCH_STAGES = ['main', 'groups', 'playoffs'] as const;

/** Every stage with its defaults filled in (API.md decision 25); the join clock as it applies there (59). */
export const stageSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.literal('main'),
    kind: z.literal('main'),
    type: tournamentTypeSchema,
    status: stageStatusSchema,
    format: matchFormatSchema,
    mapPool: z.array(z.string()),
    rounds: roundOverridesSchema,
    ...joinClockFields,
  }),
  z.object({
    id: z.literal('groups'),
    kind: z.literal('groups'),
    type: z.enum(GROUP_TYPES),
    groupCount: z.number().int(),
    advancePerGroup: z.number().int(),
    swissRounds: z.number().int().optional(),
    ...swissThresholdFields,
    format: matchFormatSchema,
    mapPool: z.array(z.string()),
    status: stageStatusSchema,
    ...joinClockFields,
  }),
  z.object({
    id: z.literal('playoffs'),
    kind: z.literal('playoffs'),
    type: z.enum(PLAYOFF_TYPES),
    format: matchFormatSchema,
    mapPool: z.array(z.string()),
    rounds: roundOverridesSchema,
    grandFinalMode: z.enum(GRAND_FINAL_MODES),
    thirdPlaceMatch: z.boolean(),
    start: z.enum(PLAYOFF_STARTS),
    status: stageStatusSchema,
    ...joinClockFields,
  }),
]);
export type Stage = z.infer<typeof stageSchema>;

/** A team that left the running tournament (API.md decision 61); `by` names the admin who recorded it. */
export const withdrawnTeamSchema = z.object({
  teamId: z.string(),
  reason: z.string(),
  at: unixSecondsSchema,
});
export type WithdrawnTeam = z.infer<typeof withdrawnTeamSchema> & { by: string | null };

export const withdrawTeamSchema = z.object({ reason: gameTextSchema(200) }).strict();

export const tournamentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: tournamentTypeSchema,
  format: matchFormatSchema,
  gameMode: gameModeSchema,
  /** Every match of the tournament goes only to servers carrying all of them (decision 74). */
  serverTags: z.array(z.string()),
  status: z.enum(TOURNAMENT_STATUSES),
  teamIds: z.array(z.string()),
  settings: tournamentSettingsSchema,
  winner: teamRefSchema.nullable(),
  stages: z.array(stageSchema),
  /** The stage being played; null in setup and once completed. */
  currentStage: z.enum(MATCH_STAGES).nullable(),
  createdAt: unixSecondsSchema,
  startedAt: unixSecondsSchema.nullable(),
  completedAt: unixSecondsSchema.nullable(),
  /** Teams left out at the start for not checking in (API.md decision 36); `teamIds` keeps them. */
  droppedTeamIds: z.array(z.string()),
  /** Teams that left the running tournament (API.md decision 61), in the order they left. */
  withdrawn: z.array(withdrawnTeamSchema),
  timetable: timetableSchema,
});
export type Tournament = z.infer<typeof tournamentSchema>;

export const withdrawResponseSchema = z.object({
  success: z.literal(true),
  tournament: tournamentSchema,
  /** The matches the team lost by walkover now; later ones follow as the team would reach them. */
  forfeited: z.array(z.string()),
});

const settingsInput = tournamentSettingsSchema.omit({ randomSeed: true }).partial().extend({
  checkIn: checkInSettingsSchema.partial().optional(),
  schedule: scheduleSchema.partial().strict().optional(),
});
/** Settings as given on create, update and templates: any of them, check-in fields one by one. */
export type TournamentSettingsInput = z.infer<typeof settingsInput>;

export const createTournamentSchema = z.object({
  name: gameTextSchema(100),
  type: tournamentTypeSchema,
  format: matchFormatSchema.default('bo1'),
  teamIds: z.array(z.string().min(1)).max(MAX_TEAMS).default([]),
  settings: settingsInput.default({}),
  /** `groups_playoffs` only. */
  stages: stagesInputSchema.optional(),
  /** Default `competitive`. */
  gameMode: gameModeSchema.optional(),
  /** Default none. */
  serverTags: serverTagsSchema.optional(),
});
export type CreateTournament = z.infer<typeof createTournamentSchema>;

export const updateTournamentSchema = z
  .object({
    name: gameTextSchema(100).optional(),
    type: tournamentTypeSchema.optional(),
    format: matchFormatSchema.optional(),
    teamIds: z.array(z.string().min(1)).max(MAX_TEAMS).optional(),
    settings: settingsInput.optional(),
    stages: stagesInputSchema.optional(),
    gameMode: gameModeSchema.optional(),
    serverTags: serverTagsSchema.optional(),
  })
  .refine(
    (v) => Object.keys(v).length > 0,
    'give at least one of name, type, format, teamIds, settings, stages, gameMode, serverTags',
  );
export type UpdateTournament = z.infer<typeof updateTournamentSchema>;

export const tournamentResponseSchema = z.object({
  success: z.literal(true),
  tournament: tournamentSchema,
  warnings: warningsSchema.optional(),
});

export const swissStandingSchema = z.object({
  teamId: z.string(),
  name: z.string(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  byes: z.number().int(),
  buchholz: z.number(),
  roundDifference: z.number().int(),
  seed: z.number().int(),
  rank: z.number().int(),
  /** "2-1" (wins-losses; a third number counts draws). */
  record: z.string(),
  /** `advanced`/`eliminated` once a Valve-style Swiss decided the team (decision 77), else `playing`. */
  state: z.enum(['advanced', 'eliminated', 'playing']),
});

export const groupStandingSchema = swissStandingSchema.extend({
  /** One of the top `advancePerGroup` of a completed group. */
  qualified: z.boolean(),
});
export const groupTableSchema = z.object({
  name: z.string(),
  /** In seed order. */
  teamIds: z.array(z.string()),
  standings: z.array(groupStandingSchema),
});
export type GroupTable = z.infer<typeof groupTableSchema>;

/** A stage in the bracket answer: the groups stage adds its groups (API.md decision 30). */
export const bracketStageSchema = z.union([
  stageSchema.options[1].extend({ groups: z.array(groupTableSchema) }),
  stageSchema.options[0],
  stageSchema.options[2],
]);

export const bracketResponseSchema = z.object({
  success: z.literal(true),
  tournament: tournamentSchema,
  matches: z.array(matchSchema),
  rounds: z.number().int(),
  stages: z.array(bracketStageSchema),
  /** Type `swiss` only; [] otherwise. */
  swissStandings: z.array(swissStandingSchema),
});

export const playoffsStartResponseSchema = z.object({
  success: z.literal(true),
  tournament: tournamentSchema,
  /** The playoff matches, filled. */
  matches: z.array(matchSchema),
});

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  teamId: z.string().optional(),
  playerId: z.string().optional(),
  name: z.string(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  buchholz: z.number(),
  roundDifference: z.number().int(),
  rating: z.number().optional(),
});
export const leaderboardResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(leaderboardEntrySchema),
});

export const templateInputSchema = z.object({
  name: gameTextSchema(100),
  type: tournamentTypeSchema,
  format: matchFormatSchema.default('bo1'),
  settings: settingsInput.default({}),
  /** `groups_playoffs` only, and required there, as on create. */
  stages: stagesInputSchema.optional(),
});
export const templateSchema = templateInputSchema.extend({
  /** null for a template of any other type. */
  stages: stagesInputSchema.nullable(),
  id: z.number().int(),
  createdAt: unixSecondsSchema,
  updatedAt: unixSecondsSchema,
});
export const templateResponseSchema = z.object({ success: z.literal(true), template: templateSchema });
export const templatesResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  templates: z.array(templateSchema),
});
export const templateParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const tournamentIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
