import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import { stuckLoadsResponseSchema } from '../../../shared/contracts/matches.js';
import type { LoadingService } from './service.js';

/** The config JSON is the plugin's own format (PROTOCOL.md section 4); it is documented there. */
const matchConfigSchema = z.looseObject({ matchid: z.number().int(), num_maps: z.number().int() });

export function registerLoadingRoutes(routes: RouteTable, loading: LoadingService): void {
  // Registered before /api/matches/:slug, which would take "<slug>.json" as a slug.
  routes.add({
    method: 'get',
    path: '/api/matches/:slug.json',
    access: 'server',
    tag: 'Plugin',
    summary:
      'Match config download for the plugin; only the open load of the assigned server (else 409 STALE_LOAD)',
    params: z.object({ slug: z.string().min(1).max(64) }),
    query: z.object({ loadId: z.string().max(64).optional() }),
    response: matchConfigSchema,
    handler: ({ params, query }) => loading.config(params.slug, query.loadId),
  });

  routes.add({
    method: 'get',
    path: '/api/loads/stuck',
    access: 'admin',
    tag: 'Matches',
    summary:
      'Loads whose config the server has not fetched within 2 minutes while the match waits there (re-send: restart; move: reallocate)',
    response: stuckLoadsResponseSchema,
    handler: async () => ({ success: true, loads: await loading.stuck() }),
  });
}
