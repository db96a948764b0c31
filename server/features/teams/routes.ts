import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import { JsonText, parsePart } from '../../http/route.js';
import { batchResultSchema, successSchema } from '../../../shared/contracts/common.js';
import { playerParamsSchema } from '../../../shared/contracts/players.js';
import {
  createTeamSchema,
  playerTeamResponseSchema,
  teamIdParamsSchema,
  teamResponseSchema,
  teamSchema,
  teamsResponseSchema,
  updateTeamSchema,
} from '../../../shared/contracts/teams.js';
import type { TeamsService } from './service.js';
import type { TeamImportService } from './import.js';
import { describeActor, isAdmin } from '../../auth/principal.js';
import { fixPlayerIdSchema, teamChangesResponseSchema } from '../../../shared/contracts/lineups.js';
import type { PlayerIdFix } from './id-fix.js';
import { AppError } from '../../errors.js';
import { readRawBody } from '../../http/raw-body.js';
import { teamImportQuerySchema, teamImportResponseSchema } from '../../../shared/contracts/team-import.js';

const TAG = 'Teams';

/** A team file of a few hundred players is some 50 KiB; this leaves room for the largest LAN. */
const IMPORT_LIMIT = 1024 * 1024;
const CSV_MEDIA_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'];

export function registerTeamRoutes(
  routes: RouteTable,
  teams: TeamsService,
  teamImport: TeamImportService,
  fixPlayerId: PlayerIdFix,
): void {
  routes.add({
    method: 'get',
    path: '/api/teams',
    access: 'admin',
    tag: TAG,
    summary: 'List teams with their rosters',
    response: teamsResponseSchema,
    handler: async ({ principal }) => new JsonText(await teams.listAnswerJson(isAdmin(principal))),
  });

  routes.add({
    method: 'post',
    path: '/api/teams',
    access: 'admin',
    tag: TAG,
    summary: 'Create a team, or many teams from an array (201 all created, 207 some failed)',
    status: 201,
    body: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], {
      error: 'the body must be a team object or an array of team objects',
    }),
    bodyDoc: z.union([createTeamSchema, z.array(createTeamSchema)]),
    response: z.union([teamResponseSchema, batchResultSchema(teamResponseSchema.omit({ success: true }))]),
    handler: async ({ body, res }) => {
      if (Array.isArray(body)) {
        const outcome = await teams.createMany(body);
        res.status(outcome.status);
        return outcome.body;
      }
      return { success: true, ...(await teams.create(parsePart(createTeamSchema, body, 'body'))) };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/teams/import',
    access: 'admin',
    tag: TAG,
    summary:
      'Import teams from CSV (team,tag,player,platformId[,chatId,role]): ?dryRun=true previews create/update/unchanged and row errors; otherwise all or nothing (400 listing every row error)',
    query: teamImportQuerySchema,
    rawBody: true,
    consumes: 'text/csv',
    response: teamImportResponseSchema,
    handler: async ({ req, query }) => {
      const mediaType = (req.headers['content-type'] ?? 'text/csv').split(';')[0]!.trim().toLowerCase();
      if (!CSV_MEDIA_TYPES.includes(mediaType)) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          415,
          `The body must be a CSV file (Content-Type: text/csv), not ${mediaType}.`,
        );
      }
      const text = (await readRawBody(req, IMPORT_LIMIT)).toString('utf8');
      const dryRun = query.dryRun === 'true' || query.dryRun === '1';
      return teamImport.import(text, dryRun);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/teams/:id',
    access: 'admin',
    tag: TAG,
    summary: 'One team (admins also see its LAN sign-in `joinCode`)',
    params: teamIdParamsSchema,
    response: z.object({ success: z.literal(true), team: teamSchema }),
    handler: async ({ params, principal }) => {
      const team = await teams.get(params.id);
      return {
        success: true,
        team: isAdmin(principal) ? { ...team, joinCode: await teams.joinCode(team.id) } : team,
      };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/teams/:id/join-code',
    access: 'admin',
    tag: TAG,
    summary: "Regenerate the team's LAN sign-in code (the old one stops working at once)",
    params: teamIdParamsSchema,
    response: z.object({ success: z.literal(true), teamId: z.string(), joinCode: z.string() }),
    handler: async ({ params }) => ({
      success: true,
      teamId: params.id,
      joinCode: await teams.regenerateJoinCode(params.id),
    }),
  });

  routes.add({
    method: 'put',
    path: '/api/teams/:id',
    access: 'admin',
    tag: TAG,
    summary: 'Change a team (name, tag, players; omitted fields stay)',
    params: teamIdParamsSchema,
    body: updateTeamSchema,
    response: teamResponseSchema,
    handler: async ({ params, body, principal }) => ({
      success: true,
      ...(await teams.update(params.id, body, { actor: describeActor(principal), editor: true })),
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/teams/:id/changes',
    access: 'read',
    tag: TAG,
    summary: "The team's roster and lineup changes, newest first (kinds roster, lineup, swap, id_fix)",
    params: teamIdParamsSchema,
    response: teamChangesResponseSchema,
    handler: async ({ params }) => ({ success: true, changes: await teams.changes(params.id) }),
  });

  routes.add({
    method: 'post',
    path: '/api/teams/:id/players/:platformId/fix-id',
    access: 'admin',
    tag: TAG,
    summary: "Correct a player's wrongly typed platform id; his stats, ratings and lineups move with him",
    params: teamIdParamsSchema.extend({ platformId: z.string().min(1) }),
    body: fixPlayerIdSchema,
    response: z.object({ success: z.literal(true), team: teamSchema }),
    handler: async ({ params, body, principal }) => ({
      success: true,
      team: await fixPlayerId(params.id, params.platformId, body.platformId, describeActor(principal)),
    }),
  });

  routes.add({
    method: 'delete',
    path: '/api/teams/:id',
    access: 'admin',
    tag: TAG,
    summary: 'Delete a team',
    params: teamIdParamsSchema,
    response: successSchema,
    handler: async ({ params }) => {
      await teams.delete(params.id);
      return { success: true };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/players/:platformId/team',
    access: 'public',
    tag: 'Players',
    summary:
      "Player team resolution: the player's team (the current tournament's first) and every team they are on",
    params: playerParamsSchema,
    response: playerTeamResponseSchema,
    handler: async ({ params }) => ({
      success: true,
      platformId: params.platformId,
      ...(await teams.teamsOfPlayer(params.platformId)),
    }),
  });
}
