import { z } from 'zod';
import { tournamentResponseSchema, tournamentTypeSchema } from './tournament.js';

/** The start's answer: what check-in did to the teams that did not check in (API.md decision 36). */
export const startResponseSchema = tournamentResponseSchema.extend({
  checkIn: z.object({ dropped: z.array(z.string()), forfeited: z.array(z.string()) }),
});

/** A start preview's draw token: `<random seed drawn with, or nothing>.<digest of the draw>`. */
export const DRAW_TOKEN_PATTERN = /^(\d{0,10})\.([0-9a-f]{8})$/;

/** `POST /api/tournament/start`: `dryRun` previews the draw; `drawToken` (from the preview) starts exactly it. */
export const startBodySchema = z
  .object({
    dryRun: z.boolean().optional(),
    drawToken: z.string().regex(DRAW_TOKEN_PATTERN, 'the drawToken of a start preview').optional(),
    /** Start although the preflight checks failed (API.md decision 57). */
    force: z.boolean().optional(),
  })
  .strict()
  .refine((b) => !(b.dryRun && b.drawToken !== undefined), 'a dry run takes no drawToken')
  .optional();

const drawTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Place in the seed order, null for a team left out. */
  seed: z.number().int().nullable(),
});

/** What the start would draw (issue 31); nothing is stored. */
export const startPreviewSchema = z.object({
  type: tournamentTypeSchema,
  seeding: z.enum(['manual', 'random', 'rating']),
  /** Pass it to the start that confirms: same random draw, or 409 `DRAW_CHANGED` when the teams changed. */
  drawToken: z.string(),
  /** The drawn teams, best seed first. */
  seeds: z.array(drawTeamSchema),
  /** A group stage's groups, their teams in seed order; empty for a single stage. */
  groups: z.array(z.object({ name: z.string(), teams: z.array(drawTeamSchema) })),
  /** Round 1 in play order; `team2` null: a bye (round robin: the team sits the round out). Shuffle: empty. */
  firstRound: z.array(
    z.object({ group: z.string().nullable(), team1: drawTeamSchema, team2: drawTeamSchema.nullable() }),
  ),
  /** A team with no opponent sits round 1 out (round robin, round robin groups) instead of winning a bye. */
  oddTeamRests: z.boolean(),
  /** Left out for not checking in (`missing: "drop"`). */
  droppedTeams: z.array(drawTeamSchema),
  /** Drawn, but losing their first match for not checking in (`missing: "forfeit"`). */
  forfeitTeams: z.array(drawTeamSchema),
  warnings: z.array(z.string()),
});
export type StartPreview = z.infer<typeof startPreviewSchema>;

export const startPreviewResponseSchema = z.object({
  success: z.literal(true),
  preview: startPreviewSchema,
});
