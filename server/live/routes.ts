import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import { z } from 'zod';
import { newRequestId } from '../http/app.js';
import type { RouteTable } from '../http/route.js';
import type { LiveAudience, LiveHub } from './hub.js';

const TAG = 'Live';

const liveQuerySchema = z.object({
  /** For clients that cannot set the Last-Event-ID header (a new EventSource after a failed one). */
  lastEventId: z.string().max(32).optional(),
});

/** The live streams' paths: long-lived responses, kept out of the request log. */
export const LIVE_STREAM_PATHS = ['/api/live', '/api/live/admin'] as const;

/**
 * In a cluster the hub fills from the shared table: a viewer is attached once it caught up, so a
 * change answered before the viewer came is in what it resumes with. Attached at once without one.
 */
export type CatchUp = (() => Promise<void>) | undefined;
const attachWhenCaughtUp = (catchUp: CatchUp, attach: () => void) =>
  catchUp ? void catchUp().then(attach, attach) : attach();

export function registerLiveRoutes(routes: RouteTable, hub: LiveHub, catchUp: CatchUp): void {
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
        const lastId = req.get('Last-Event-ID') ?? query.lastEventId;
        attachWhenCaughtUp(catchUp, () => hub.attach(res, audience, lastId));
        // The stream outlives its request: the router's continuation, and all it holds, would stay
        // alive with every viewer.
        req.next = undefined;
        return undefined;
      },
    });
  stream('public');
  stream('admin');
}

/**
 * The public stream, taken before Express: thousands of phones hold it open, and whatever Express
 * hangs on a request lives as long as its stream (switching the prototypes of the request and the
 * response gives each of them a hidden class of its own; the router's state; the parsed URL). Answers
 * whether it took the request: any other request, and a query the route's schema refuses, go on to
 * Express, whose documented route answers them (the same query parser: Node's querystring).
 */
export function takePublicStream(hub: LiveHub, catchUp: CatchUp) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      (queryAt === -1 ? url : url.slice(0, queryAt)) !== LIVE_STREAM_PATHS[0]
    ) {
      return false;
    }
    const query = liveQuerySchema.safeParse(querystring.parse(queryAt === -1 ? '' : url.slice(queryAt + 1)));
    if (!query.success) {
      return false;
    }
    newRequestId(res);
    const header = req.headers['last-event-id'];
    const lastId = typeof header === 'string' ? header : query.data.lastEventId;
    attachWhenCaughtUp(catchUp, () => hub.attach(res, 'public', lastId));
    return true;
  };
}
