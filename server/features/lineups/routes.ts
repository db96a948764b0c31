import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import { matchSlugParamsSchema } from '../../../shared/contracts/matches.js';
import {
  lineupResponseSchema,
  lineupsResponseSchema,
  setLineupSchema,
  swapLineupSchema,
  teamLineupSchema,
} from '../../../shared/contracts/lineups.js';
import { gameTextSchema } from '../../../shared/contracts/common.js';
import type { LineupsService } from './service.js';

const TAG = 'Matches';

export function registerLineupRoutes(routes: RouteTable, lineups: LineupsService): void {
  routes.add({
    method: 'get',
    path: '/api/matches/:slug/lineup',
    access: 'signed-in',
    tag: TAG,
    summary:
      "Both teams' lineups of a match: who plays, the substitutes, the coach, and whether it may change",
    params: matchSlugParamsSchema,
    response: lineupsResponseSchema,
    handler: async ({ params }) => ({ success: true, lineups: await lineups.ofMatch(params.slug) }),
  });

  routes.add({
    method: 'put',
    path: '/api/matches/:slug/lineup',
    access: 'signed-in',
    tag: TAG,
    summary:
      "Set a team's lineup (admin, or a signed-in player of the team) until the server fetched the config: then 409 LINEUP_LOCKED",
    params: matchSlugParamsSchema,
    body: setLineupSchema,
    response: lineupResponseSchema,
    handler: async ({ params, body, principal }) => ({
      success: true,
      lineup: await lineups.set(params.slug, principal, body),
    }),
  });

  routes.add({
    method: 'post',
    path: '/api/matches/:slug/lineup/swap',
    access: 'admin',
    tag: TAG,
    summary:
      'Swap a player of a loaded or live match: the lineup changes and the plugin adds the new player, so he joins without a reload',
    params: matchSlugParamsSchema,
    body: swapLineupSchema.extend({ name: gameTextSchema(64).optional() }),
    response: z.object({
      success: z.literal(true),
      lineup: teamLineupSchema,
      plugin: z.object({ told: z.boolean(), reply: z.string(), warning: z.string().nullable() }),
    }),
    handler: async ({ params, body, principal }) => ({
      success: true,
      ...(await lineups.swap(params.slug, principal, body)),
    }),
  });
}
