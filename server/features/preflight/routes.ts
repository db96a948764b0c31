import type { RouteTable } from '../../http/route.js';
import { lastPreflightResponseSchema, preflightResponseSchema } from '../../../shared/contracts/preflight.js';
import type { PreflightService } from './service.js';

const TAG = 'Preflight';

export function registerPreflightRoutes(routes: RouteTable, preflight: PreflightService): void {
  routes.add({
    method: 'post',
    path: '/api/preflight',
    access: 'admin',
    tag: TAG,
    summary:
      'Run the checks before the start: every enabled server (RCON, plugin, GOTV, test event, round-backup upload, maps, game build) and the tournament (rosters, players on two teams, maps, servers, casters); `ok` is false when an error failed',
    response: preflightResponseSchema,
    handler: async () => ({ success: true, ...(await preflight.run()) }),
  });

  routes.add({
    method: 'get',
    path: '/api/preflight',
    access: 'admin',
    tag: TAG,
    summary: 'The last preflight result (null before the checks ever ran)',
    response: lastPreflightResponseSchema,
    handler: async () => ({ success: true, preflight: await preflight.last() }),
  });
}
