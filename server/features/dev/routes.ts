import type { RouteTable } from '../../http/route.js';
import { simulationResetResponseSchema } from '../../../shared/contracts/tournament-tools.js';
import type { DevToolsService } from './service.js';

export function registerDevToolsRoutes(routes: RouteTable, dev: DevToolsService): void {
  routes.add({
    method: 'post',
    path: '/api/tournament/dev/reset-simulation-state',
    access: 'admin',
    tag: 'Tournament',
    summary:
      'Dev Tools: delete every match and its stats; servers, teams, maps and the tournament setup stay. 403 SIMULATION_NOT_ALLOWED in production',
    response: simulationResetResponseSchema,
    handler: async () => ({ success: true, ...(await dev.resetSimulationState()) }),
  });
}
