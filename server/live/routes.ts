import { z } from 'zod';
import type { RouteTable } from '../http/route.js';
import type { LiveAudience, LiveHub } from './hub.js';

const TAG = 'Live';

const liveQuerySchema = z.object({
  /** For clients that cannot set the Last-Event-ID header (a new EventSource after a failed one). */
  lastEventId: z.string().max(32).optional(),
});

/** The live streams' paths: long-lived responses, kept out of the request log. */
export const LIVE_STREAM_PATHS = ['/api/live', '/api/live/admin'] as const;

export function registerLiveRoutes(routes: RouteTable, hub: LiveHub): void {
  const stream = (audience: LiveAudience) =>
    routes.add({
      method: 'get',
      path: audience === 'public' ? LIVE_STREAM_PATHS[0] : LIVE_STREAM_PATHS[1],
      access: audience === 'public' ? 'public' : 'admin',
      tag: TAG,
      summary:
        audience === 'public'
          ? 'Server-Sent Events: match, bracket, team and tournament changes (see shared/contracts/live.ts)'
          : 'Server-Sent Events: the public messages plus server changes and plugin events',
      query: liveQuerySchema,
      produces: 'text/event-stream',
      handler: ({ req, res, query }) => {
        hub.attach(res, audience, req.get('Last-Event-ID') ?? query.lastEventId);
        // The stream outlives its request: the router's continuation, and all it holds, would stay
        // alive with every viewer.
        req.next = undefined;
        return undefined;
      },
    });
  stream('public');
  stream('admin');
}
