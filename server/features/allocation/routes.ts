import type { RouteTable } from '../../http/route.js';
import { allocationStatusResponseSchema } from '../../../shared/contracts/allocation.js';
import type { AllocationService } from './service.js';

/**
 * `scopedTournament`: the tournament a `/api/tournaments/:id/...` request names (undefined on the singular
 * route): its status lists only that tournament's waiting matches, at their places in the shared queue.
 */
export function registerAllocationRoutes(
  routes: Pick<RouteTable, 'add'>,
  allocation: AllocationService,
  scopedTournament: () => number | undefined,
): void {
  routes.add({
    method: 'get',
    path: '/api/tournament/allocation-status',
    access: 'public',
    tag: 'Tournament',
    summary:
      'Allocation status for players: matches waiting for a server, their queue positions, free servers',
    response: allocationStatusResponseSchema,
    handler: async () => ({ success: true, ...(await allocation.status(scopedTournament())) }),
  });
}
