import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import { matchResponseSchema, matchSlugParamsSchema } from '../../../shared/contracts/matches.js';
import type { MatchesService } from '../matches/index.js';
import type { JoinClockService } from './service.js';

const empty = z.object({}).strict().optional();

/** API.md decision 59: an admin stops and restarts one match's join clock. */
export function registerJoinClockRoutes(
  routes: RouteTable,
  clock: JoinClockService,
  matches: MatchesService,
): void {
  routes.add({
    method: 'post',
    path: '/api/matches/:slug/hold',
    access: 'admin',
    tag: 'Match controls',
    summary:
      "Hold the match's join clock: no deadline until released (422 INVALID_STATE unless loaded and waiting for players, 409 JOIN_CLOCK_HELD when held already)",
    params: matchSlugParamsSchema,
    body: empty,
    response: matchResponseSchema,
    handler: async ({ params }) => ({
      success: true,
      match: await matches.present(await clock.hold(params.slug)),
    }),
  });
  routes.add({
    method: 'post',
    path: '/api/matches/:slug/release',
    access: 'admin',
    tag: 'Match controls',
    summary:
      'Release a held join clock: it starts again with the full join time from now (422 INVALID_STATE unless loaded, 409 JOIN_CLOCK_NOT_HELD when not held)',
    params: matchSlugParamsSchema,
    body: empty,
    response: matchResponseSchema,
    handler: async ({ params }) => ({
      success: true,
      match: await matches.present(await clock.release(params.slug)),
    }),
  });
}
