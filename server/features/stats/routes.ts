import type { RouteTable } from '../../http/route.js';
import { matchSlugParamsSchema } from '../../../shared/contracts/matches.js';
import { playerParamsSchema } from '../../../shared/contracts/players.js';
import {
  matchStatsResponseSchema,
  playerStatsResponseSchema,
  tournamentStatsQuerySchema,
  tournamentStatsResponseSchema,
} from '../../../shared/contracts/stats.js';
import type { StatsService } from './service.js';

const TAG = 'Statistics';

export function registerStatsRoutes(routes: Pick<RouteTable, 'add'>, stats: StatsService): void {
  routes.add({
    method: 'get',
    path: '/api/matches/:slug/stats',
    access: 'public',
    tag: TAG,
    summary:
      'Per-player statistics of a match, map by map and in total (provisional while a map runs; empty before its first round)',
    params: matchSlugParamsSchema,
    response: matchStatsResponseSchema,
    handler: async ({ params }) => ({ success: true, ...(await stats.matchStats(params.slug)) }),
  });

  routes.add({
    method: 'get',
    path: '/api/players/:platformId/stats',
    access: 'public',
    tag: TAG,
    summary: "A player's statistics: summed over the current tournament and one line per match",
    params: playerParamsSchema,
    response: playerStatsResponseSchema,
    handler: async ({ params }) => ({ success: true, ...(await stats.playerStats(params.platformId)) }),
  });

  routes.add({
    method: 'get',
    path: '/api/tournament/stats',
    access: 'public',
    tag: TAG,
    summary:
      "The current tournament's player statistics (sorted by `sort`, players with at least `min_maps` maps) and, once completed, its MVP",
    query: tournamentStatsQuerySchema,
    response: tournamentStatsResponseSchema,
    handler: async ({ query }) => ({
      success: true,
      ...(await stats.tournamentStats(query.sort, query.min_maps)),
    }),
  });
}
