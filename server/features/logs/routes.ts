import type { AppContext } from '../../context.js';
import type { RouteTable } from '../../http/route.js';
import { logsQuerySchema, logsResponseSchema } from '../../../shared/contracts/logs.js';

export function registerLogRoutes(routes: RouteTable, ctx: AppContext): void {
  routes.add({
    method: 'get',
    path: '/api/logs',
    access: 'admin',
    tag: 'Meta',
    summary:
      'Recent app log lines, oldest first (the last 500; per-request lines left out; secrets never appear); new ones also arrive on /api/live/admin',
    query: logsQuerySchema,
    response: logsResponseSchema,
    handler: ({ query }) => {
      const entries = ctx.logs.since(query.after ?? 0, query.level);
      return { success: true, count: entries.length, entries };
    },
  });
}
