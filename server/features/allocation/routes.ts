import type { RouteTable } from '../../http/route.js';
import { allocationStatusResponseSchema } from '../../../shared/contracts/allocation.js';
import type { AllocationService } from './service.js';

export function registerAllocationRoutes(
  routes: Pick<RouteTable, 'add'>,
  allocation: AllocationService,
): void {
  routes.add({
    method: 'get',
    path: '/api/tournament/allocation-status',
    access: 'public',
    tag: 'Tournament',
    summary:
      'Allocation status for players: matches waiting for a server, their queue positions, free servers',
    response: allocationStatusResponseSchema,
    handler: async () => ({ success: true, ...(await allocation.status()) }),
  });
}
