import { z } from 'zod';
import type { RouteDefinition, RouteTable } from '../../http/route.js';
import { tournamentIdParamsSchema } from '../../../shared/contracts/tournament.js';
import { withTournament } from './scope.js';

type AnyRoute = RouteDefinition<z.ZodType<Record<string, unknown>>, z.ZodType<Record<string, unknown>>>;

const SINGULAR = '/api/tournament';

/** Whether a singular route acts on "the tournament" and so also exists per tournament. */
function mirrored(def: AnyRoute): boolean {
  const underSingular = def.path === SINGULAR || def.path.startsWith(`${SINGULAR}/`);
  // Creating is `POST /api/tournaments`; a route naming a tournament by `:id` already is per tournament.
  const create = def.method === 'post' && def.path === SINGULAR;
  return underSingular && !create && !def.path.includes('/:id/');
}

/**
 * The tournament routes mounted twice (API.md decision 73): each `/api/tournament/...` route as given
 * (the primary tournament) and as `/api/tournaments/:id/...`, where the handler runs for the tournament
 * `resolve` finds (404 for an unknown id).
 */
export function perTournament(
  routes: Pick<RouteTable, 'add'>,
  resolve: (id: number) => Promise<unknown>,
): Pick<RouteTable, 'add'> {
  return {
    add(def) {
      routes.add(def);
      const route = def as unknown as AnyRoute;
      if (!mirrored(route)) {
        return;
      }
      const own = (route.params as z.ZodObject | undefined) ?? z.object({});
      routes.add({
        ...route,
        path: `/api/tournaments/:id${route.path.slice(SINGULAR.length)}`,
        params: own.extend(tournamentIdParamsSchema.shape),
        handler: async (hctx) => {
          const { id } = hctx.params as { id: number };
          await resolve(id);
          return withTournament(id, () => route.handler(hctx));
        },
      });
    },
  };
}
