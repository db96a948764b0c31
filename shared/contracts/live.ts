import { z } from 'zod';
import { attentionItemSchema } from './attention.js';
import { logEntrySchema } from './logs.js';
import { matchSchema } from './matches.js';
import { tournamentSchema } from './tournament.js';

/**
 * Messages of the live streams `GET /api/live` (public) and `GET /api/live/admin` (admin: the public
 * messages plus the admin topics). Each arrives as one Server-Sent Event of the default type whose
 * `data` is the JSON of one message and whose `id` is an increasing integer; a reconnecting client
 * sends the last id it saw (`Last-Event-ID`, or `?lastEventId=`) and receives what it missed, or a
 * `resync` when that is no longer buffered. Comment lines (`: ping`) are heartbeats.
 *
 * A feature announces a change after its transaction committed, through `ctx.live`:
 * `ctx.live.publish({ topic: 'server', serverId })`, or `ctx.live.matches(slug)` for matches.
 */
export const liveMessageSchema = z.discriminatedUnion('topic', [
  /** First message of every connection (no id): where the stream stands now. */
  z.object({ topic: z.literal('hello'), lastId: z.number().int() }),
  /** What the client missed is gone: reload every state, then keep applying messages. */
  z.object({ topic: z.literal('resync'), reason: z.string() }),
  /** The whole current state of one match (scores, phase, maps, teams, status). */
  z.object({ topic: z.literal('match'), match: matchSchema }),
  z.object({ topic: z.literal('match.removed'), slug: z.string() }),
  /**
   * A tournament record changed (created, edited, started, completed); null once deleted. `tournamentId`
   * names which (several run at once, API.md decision 73); null only when there was none.
   */
  z.object({
    topic: z.literal('tournament'),
    tournamentId: z.number().int().nullable(),
    tournament: tournamentSchema.nullable(),
  }),
  /** The bracket was rebuilt as a whole (start, reset, delete): reload `GET /api/tournament/bracket`. */
  z.object({ topic: z.literal('bracket'), tournamentId: z.number().int().nullable() }),
  /** A team was created, edited or deleted: reload what shows it. */
  z.object({ topic: z.literal('team'), teamId: z.string(), removed: z.boolean() }),
  /** Admin: a game server was added, edited, removed, enabled or disabled. */
  z.object({ topic: z.literal('server'), serverId: z.string(), removed: z.boolean() }),
  /** Admin: a plugin event arrived (the server event monitor). */
  z.object({
    topic: z.literal('plugin.event'),
    event: z.string(),
    matchid: z.number().int().nullable(),
    sender: z.string().nullable(),
    outcome: z.string(),
    receivedAt: z.number().int(),
  }),
  /** Admin: the preflight checks ran (API.md decision 57): reload `GET /api/preflight`. */
  z.object({ topic: z.literal('preflight'), ok: z.boolean(), ranAt: z.number().int() }),
  /** Admin: a test match step happened (API.md decision 58): reload `GET /api/servers/test-matches`. */
  z.object({ topic: z.literal('test-matches'), startedAt: z.number().int() }),
  /** Admin: an app log line (the console's log view; per-request lines and the stream's own left out). */
  z.object({ topic: z.literal('log'), entry: logEntrySchema }),
  /** Admin: an attention item appeared, was acknowledged, or left with its cause (API.md decision 64). */
  z.object({
    topic: z.literal('attention'),
    change: z.enum(['raised', 'acknowledged', 'cleared']),
    item: attentionItemSchema,
  }),
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
export type LiveTopic = LiveMessage['topic'];

/** Topics only `/api/live/admin` carries. */
export const ADMIN_LIVE_TOPICS: ReadonlySet<LiveTopic> = new Set<LiveTopic>([
  'server',
  'plugin.event',
  'preflight',
  'test-matches',
  'log',
  'attention',
]);

/** What a feature publishes; the hub itself sends `hello` and `resync`. */
export type LivePayload = Exclude<LiveMessage, { topic: 'hello' | 'resync' }>;
