import type { RouteTable } from '../../http/route.js';
import {
  createTournamentSchema,
  tournamentIdParamsSchema,
  tournamentResponseSchema,
} from '../../../shared/contracts/tournament.js';
import { tournamentsResponseSchema } from '../../../shared/contracts/tournaments.js';
import type { TournamentService } from './service.js';

const TAG = 'Tournament';

/** Several tournaments at once (API.md decision 73): the list, another one, the primary. */
export function registerTournamentsRoutes(routes: RouteTable, tournament: TournamentService): void {
  routes.add({
    method: 'get',
    path: '/api/tournaments',
    access: 'public',
    tag: TAG,
    summary:
      'Every tournament, oldest first; `primary` marks the one the singular `/api/tournament` paths mean',
    response: tournamentsResponseSchema,
    handler: async () => ({ success: true, tournaments: await tournament.list() }),
  });

  routes.add({
    method: 'post',
    path: '/api/tournaments',
    access: 'admin',
    tag: TAG,
    summary:
      'Create another tournament (status setup) beside those there are; the first one created is the primary',
    status: 201,
    body: createTournamentSchema,
    response: tournamentResponseSchema,
    handler: async ({ body }) => ({ success: true, ...(await tournament.createAlongside(body)) }),
  });

  routes.add({
    method: 'post',
    path: '/api/tournaments/:id/primary',
    access: 'admin',
    tag: TAG,
    summary: 'Make the tournament the primary (the singular paths act on it); 404 for an unknown id',
    params: tournamentIdParamsSchema,
    response: tournamentResponseSchema,
    handler: async ({ params }) => ({ success: true, tournament: await tournament.setPrimary(params.id) }),
  });
}
