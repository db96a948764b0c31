import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import { readRawBody } from '../../http/raw-body.js';
import {
  eventAnswerSchema,
  matchLiveSchema,
  storedEventSchema,
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
    handler: async () => ({ success: true, message: 'Matchday received the test request.' }),
  });

  routes.add({
    method: 'get',
    path: '/api/matches/:slug/live',
    access: 'public',
    tag: 'Matches',
    summary: "Who is on the match's server and ready, pauses and demo uploads (from events and reports)",
    params: z.object({ slug: z.string().min(1).max(64) }),
    response: z.object({ success: z.literal(true), live: matchLiveSchema }),
    handler: async ({ params }) => ({ success: true, live: await events.live(params.slug) }),
  });

  routes.add({
    method: 'get',
    path: '/api/matches/:slug/events',
    access: 'admin',
    tag: 'Matches',
    summary: "The match's stored plugin events, oldest first, each with its outcome (applied, ignored, why)",
    params: z.object({ slug: z.string().min(1).max(64) }),
    response: z.object({
      success: z.literal(true),
      count: z.number().int(),
      events: z.array(storedEventSchema),
    }),
    handler: async ({ params }) => {
      const list = await events.eventsOf(params.slug);
      return { success: true, count: list.length, events: list };
    },
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
    summary: 'One plugin event: every delivery stored, then applied as the state it describes, in any order',
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
    handler: async ({ body, req }) => ({
      success: true,
      ...(await events.ingestReport(body, req.pluginServerId!)),
    }),
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
