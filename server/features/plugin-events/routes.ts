import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import { readRawBody } from '../../http/raw-body.js';
import {
  eventAnswerSchema,
  matchReportSchema,
  pluginEventSchema,
} from '../../../shared/contracts/plugin-events.js';
import type { PluginEventsService } from './service.js';

const TAG = 'Plugin';
/** The largest plugin event (a round_end of a full 5v5 with stats) is a few KiB. */
const EVENT_LIMIT = 1024 * 1024;

export function registerPluginEventRoutes(routes: RouteTable, events: PluginEventsService): void {
  routes.add({
    method: 'get',
    path: '/api/events/test',
    access: 'events',
    tag: TAG,
    summary: 'Connection test for the game-server plugin (checks the X-Plugin-Token)',
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: () => ({ success: true, message: 'Matchday received the test request.' }),
  });

  const ingest = {
    access: 'events' as const,
    tag: TAG,
    rawBody: true,
    bodyDoc: pluginEventSchema,
    response: eventAnswerSchema,
  };

  routes.add({
    ...ingest,
    method: 'post',
    path: '/api/events',
    summary: 'One plugin event: stored, deduplicated by its bytes, applied to its match in any order',
    handler: async ({ req }) => ({
      success: true,
      ...(await events.ingest(await readRawBody(req, EVENT_LIMIT))),
    }),
  });

  // Registered before /api/events/:matchSlugOrServerId, which would take "report" as a sender.
  routes.add({
    method: 'post',
    path: '/api/events/report',
    access: 'report',
    tag: TAG,
    summary:
      "The plugin's match report (its report token in x-plugin-token): players, spectators, connections, phase, score",
    body: matchReportSchema,
    response: z.object({ success: z.literal(true), applied: z.boolean(), message: z.string() }),
    handler: ({ body, req }) => ({ success: true, ...events.ingestReport(body, req.pluginServerId!) }),
  });

  routes.add({
    ...ingest,
    method: 'post',
    path: '/api/events/:matchSlugOrServerId',
    summary:
      'One plugin event from a named match or server; a match event from another sender is stored, not applied',
    params: z.object({ matchSlugOrServerId: z.string().min(1).max(64) }),
    handler: async ({ req, params }) => ({
      success: true,
      ...(await events.ingest(await readRawBody(req, EVENT_LIMIT), params.matchSlugOrServerId)),
    }),
  });
}
