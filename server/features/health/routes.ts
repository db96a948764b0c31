import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';

export const healthSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number().int(),
});

export function registerHealthRoutes(routes: RouteTable, version: string, startedAtMs: number): void {
  routes.add({
    method: 'get',
    path: '/health',
    access: 'public',
    tag: 'Health',
    summary: 'Whether the app runs',
    response: healthSchema,
    handler: () => ({
      success: true,
      status: 'ok',
      version,
      uptimeSeconds: Math.floor((Date.now() - startedAtMs) / 1000),
    }),
  });
}
