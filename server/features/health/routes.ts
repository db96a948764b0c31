import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';

export const healthSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number().int(),
  instance: z.string().meta({ description: 'This Matchday process (host, process id and a start tag)' }),
  leader: z
    .boolean()
    .meta({ description: 'Whether this instance runs the background work (API.md decision 69)' }),
  database: z.enum(['sqlite', 'postgres']),
});

/** What `GET /health` says of this process. */
export interface InstanceFacts {
  id: string;
  startedAtMs: number;
  database: 'sqlite' | 'postgres';
  leading(): boolean;
}

export function registerHealthRoutes(routes: RouteTable, version: string, instance: InstanceFacts): void {
  routes.add({
    method: 'get',
    path: '/health',
    access: 'public',
    tag: 'Health',
    summary: 'Whether the app runs, which instance answered and whether it leads',
    response: healthSchema,
    handler: () => ({
      success: true,
      status: 'ok',
      version,
      uptimeSeconds: Math.floor((Date.now() - instance.startedAtMs) / 1000),
      instance: instance.id,
      leader: instance.leading(),
      database: instance.database,
    }),
  });
}
