import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';

const TAG = 'Plugin';

export function registerPluginEventRoutes(routes: RouteTable): void {
  routes.add({
    method: 'get',
    path: '/api/events/test',
    access: 'events',
    tag: TAG,
    summary: 'Connection test for the game-server plugin (checks the X-Plugin-Token)',
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: () => ({ success: true, message: 'Matchday received the test request.' }),
  });
}
