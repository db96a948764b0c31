import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import { successSchema } from '../../../shared/contracts/common.js';
import {
  createManualMatchSchema,
  matchesResponseSchema,
  matchResponseSchema,
  matchSlugParamsSchema,
  teamHistoryResponseSchema,
  teamMatchResponseSchema,
  matchConnectResponseSchema,
  matchSpectateResponseSchema,
  winnerBodySchema,
} from '../../../shared/contracts/matches.js';
import { teamIdParamsSchema } from '../../../shared/contracts/teams.js';
import type { MatchesService } from './service.js';

const TAG = 'Matches';

export function registerMatchRoutes(routes: RouteTable, matches: MatchesService): void {
  routes.add({
    method: 'get',
    path: '/api/matches',
    access: 'public',
    tag: TAG,
    summary: 'All matches with teams, scores and server',
    response: matchesResponseSchema,
    handler: async () => {
      const list = await matches.list();
      return { success: true, count: list.length, matches: list };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/matches',
    access: 'admin',
    tag: TAG,
    summary: 'Create a manual match (never changes the bracket)',
    status: 201,
    body: createManualMatchSchema,
    response: matchResponseSchema,
    handler: async ({ body }) => ({ success: true, match: await matches.createManual(body) }),
  });

  routes.add({
    method: 'get',
    path: '/api/matches/:slug',
    access: 'public',
    tag: TAG,
    summary: 'One match',
    params: matchSlugParamsSchema,
    response: matchResponseSchema,
    handler: async ({ params }) => ({ success: true, match: await matches.get(params.slug) }),
  });

  routes.add({
    method: 'delete',
    path: '/api/matches/:slug',
    access: 'admin',
    tag: TAG,
    summary: 'Delete a manual match; bracket matches answer 409 BRACKET_MATCH',
    params: matchSlugParamsSchema,
    response: successSchema,
    handler: async ({ params }) => {
      await matches.deleteManual(params.slug);
      return { success: true };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/matches/:slug/winner',
    access: 'admin',
    tag: TAG,
    summary: 'Decide a match (needs decision, stuck, or a walkover) with the effects of a normal end',
    params: matchSlugParamsSchema,
    body: winnerBodySchema,
    response: matchResponseSchema,
    handler: async ({ params, body }) => ({
      success: true,
      match: await matches.decideWinner(params.slug, body.winner),
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/matches/:slug/connect',
    access: 'signed-in',
    tag: TAG,
    summary:
      "How the match's players join its server (console line with the password, platform link): a player on either roster or an admin; null until loaded",
    params: matchSlugParamsSchema,
    response: matchConnectResponseSchema,
    handler: async ({ params, principal }) => ({
      success: true,
      connect: await matches.connect(params.slug, principal),
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/matches/:slug/spectate',
    access: 'signed-in',
    tag: TAG,
    summary:
      "How a caster (a session whose platform id is in the settings' casters) or an admin spectates: the connect object and the server's GOTV; 403 for anyone else",
    params: matchSlugParamsSchema,
    response: matchSpectateResponseSchema,
    handler: async ({ params, principal }) => ({
      success: true,
      ...(await matches.spectate(params.slug, principal)),
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/team/:teamId/match',
    access: 'public',
    tag: TAG,
    summary: "A team's current match (null when it has none)",
    params: z.object({ teamId: z.string().min(1) }),
    response: teamMatchResponseSchema,
    handler: async ({ params }) => ({ success: true, match: await matches.currentOfTeam(params.teamId) }),
  });

  routes.add({
    method: 'get',
    path: '/api/teams/:id/history',
    access: 'public',
    tag: TAG,
    summary: 'The completed matches a team played (byes left out), the latest first',
    params: teamIdParamsSchema,
    response: teamHistoryResponseSchema,
    handler: async ({ params }) => {
      const list = await matches.historyOfTeam(params.id);
      return { success: true, teamId: params.id, count: list.length, matches: list };
    },
  });
}
