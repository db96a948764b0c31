/**
 * Outbound webhook rules (spec: Outbound webhooks, Limits; API.md decision 14): the payload of each event
 * kind, the retry schedule and the score throttle. Pure: the caller gathers the match and passes time in.
 */
import type { TeamEventType, WebhookEventType } from '../contracts/webhooks.js';
import type { MatchProgress } from './match-progress.js';

/** Delays before each retry after a failed attempt; after the last one fails the endpoint is turned off. */
export const RETRY_DELAYS_SECONDS = [10, 30, 120, 600, 1800, 3600, 7200, 14400, 28800] as const;

/** A 2xx within this time is a success. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** `match.score_updated` goes out at most once per this many seconds per match. */
export const SCORE_UPDATE_INTERVAL_SECONDS = 5;

/** The events whose payload carries how to join the game server. */
const CONNECT_EVENTS: ReadonlySet<WebhookEventType> = new Set([
  'match.ready',
  'match.live',
  'match.map_started',
  'match.score_updated',
  'match.map_ended',
  // The players' new connect line (API.md decision 55).
  'match.moved',
]);

/** The events after which a match has nothing more to announce until it is loaded again. */
export const CLOSING_EVENTS: ReadonlySet<WebhookEventType> = new Set([
  'match.finished',
  'match.cancelled',
  'match.reset',
]);

/**
 * When to try again after `attemptsMade` attempts all failed: a delay in seconds, or null when the
 * schedule is spent.
 */
export function retryDelay(attemptsMade: number): number | null {
  return RETRY_DELAYS_SECONDS[attemptsMade - 1] ?? null;
}

/**
 * The 5-second rule: send now, or hold until `at` (the latest score is sent then). A held update
 * stays held: later changes in the window only make the score it will carry newer.
 */
export function scoreUpdateTiming(
  now: number,
  lastSentAt: number | null,
): { send: true } | { send: false; at: number } {
  if (lastSentAt === null || now >= lastSentAt + SCORE_UPDATE_INTERVAL_SECONDS) {
    return { send: true };
  }
  return { send: false, at: lastSentAt + SCORE_UPDATE_INTERVAL_SECONDS };
}

export interface PayloadPlayer {
  platformId: string;
  name: string;
}

export interface PayloadTeam {
  id: string;
  name: string;
  tag: string;
  /** The team's ids at external websites, by source label. */
  externalIds: ReadonlyMap<string, string>;
  players: readonly PayloadPlayer[];
}

export interface PayloadMap {
  number: number;
  name: string;
  team1Score: number;
  team2Score: number;
  winner: 'team1' | 'team2' | null;
}

export interface PayloadMatch {
  slug: string;
  matchid: number;
  /** The tournament the match belongs to; null for a manual match (API.md decision 73). */
  tournamentId: number | null;
  status: string;
  format: string;
  label: string;
  team1: PayloadTeam | null;
  team2: PayloadTeam | null;
  maps: readonly PayloadMap[];
  team1SeriesScore: number;
  team2SeriesScore: number;
  /** The team the series started one map up for (decision 78); the series score counts that map. */
  mapAdvantage: 'team1' | 'team2' | null;
  winnerId: string | null;
  /** Decided as a walkover, without playing (API.md decision 66). */
  forfeit: boolean;
}

export interface PayloadServer {
  host: string;
  port: number;
  password: string;
}

export interface WebhookEventInput {
  id: string;
  type: WebhookEventType;
  createdAt: number;
  test: boolean;
  sequence: number;
  match: PayloadMatch;
  /** The map an event is about (map events, score updates). */
  mapNumber?: number | null;
  server?: PayloadServer | null;
  reason?: string;
  attention?: WebhookAttention;
  /** `match.moved`: the servers and the round the current map goes on from (API.md decision 55). */
  moved?: MovedPayload;
}

/** The item a `match.attention` event announces (API.md decision 66). */
export interface WebhookAttention {
  id: number;
  kind: string;
  since: number;
  message: string;
  serverId?: string;
  teamId?: string;
}

export interface MovedPayload {
  from: string;
  to: string;
  mapNumber: number | null;
  round: number | null;
}

/**
 * The team's id under the endpoint's source label; an endpoint without a label gets the id when the
 * team has exactly one (one website feeds it), else null.
 */
export function externalIdFor(team: PayloadTeam, source: string | null): string | null {
  if (source !== null) {
    return team.externalIds.get(source) ?? null;
  }
  return team.externalIds.size === 1 ? [...team.externalIds.values()][0]! : null;
}

const teamPayload = (team: PayloadTeam | null, source: string | null) =>
  team === null
    ? null
    : {
        id: team.id,
        external_id: externalIdFor(team, source),
        name: team.name,
        tag: team.tag,
        players: team.players.map((p) => ({ platform_id64: p.platformId, name: p.name })),
      };

const mapPayload = (m: PayloadMap) => ({
  number: m.number,
  name: m.name,
  team1_score: m.team1Score,
  team2_score: m.team2Score,
  winner: m.winner,
});

/** The `connect` block: the platform's connect link and the console line, naming a password only when there is one. */
export function connectPayload(server: PayloadServer) {
  const address = `${server.host}:${server.port}`;
  const hasPassword = server.password !== '';
  return {
    host: server.host,
    port: server.port,
    password: server.password,
    platform_url: hasPassword
      ? `steam://connect/${address}/${server.password}`
      : `steam://connect/${address}`,
    console: hasPassword ? `connect ${address}; password ${server.password}` : `connect ${address}`,
  };
}

/** The body of one event as an endpoint with this teams source receives it. */
export function buildWebhookBody(e: WebhookEventInput, source: string | null) {
  const map = e.mapNumber == null ? undefined : e.match.maps.find((m) => m.number === e.mapNumber);
  return {
    id: e.id,
    type: e.type,
    created_at: e.createdAt,
    test: e.test,
    data: {
      sequence: e.sequence,
      match: {
        slug: e.match.slug,
        matchid: e.match.matchid,
        tournament_id: e.match.tournamentId,
        status: e.match.status,
        format: e.match.format,
        label: e.match.label,
        team1: teamPayload(e.match.team1, source),
        team2: teamPayload(e.match.team2, source),
        maps: e.match.maps.map(mapPayload),
        score: { team1: e.match.team1SeriesScore, team2: e.match.team2SeriesScore },
        map_advantage: e.match.mapAdvantage,
        winner_team_id: e.match.winnerId,
        forfeit: e.match.forfeit,
      },
      ...(map ? { map: mapPayload(map) } : {}),
      ...(CONNECT_EVENTS.has(e.type) && e.server ? { connect: connectPayload(e.server) } : {}),
      ...(e.reason !== undefined ? { reason: e.reason } : {}),
      ...(e.attention !== undefined
        ? {
            attention: {
              id: e.attention.id,
              kind: e.attention.kind,
              since: e.attention.since,
              message: e.attention.message,
              server_id: e.attention.serverId ?? null,
              team_id: e.attention.teamId ?? null,
            },
          }
        : {}),
      ...(e.moved
        ? {
            moved: {
              from: e.moved.from,
              to: e.moved.to,
              map_number: e.moved.mapNumber,
              round: e.moved.round,
            },
          }
        : {}),
    },
  };
}

/** An event about a team (`team.withdrawn`, API.md decision 66). */
export interface TeamEventInput {
  id: string;
  type: TeamEventType;
  createdAt: number;
  test: boolean;
  team: PayloadTeam;
  tournament: { id: number; name: string } | null;
  reason: string;
}

/** The body of a team event as an endpoint with this teams source receives it. */
export function buildTeamWebhookBody(e: TeamEventInput, source: string | null) {
  return {
    id: e.id,
    type: e.type,
    created_at: e.createdAt,
    test: e.test,
    data: { team: teamPayload(e.team, source), tournament: e.tournament, reason: e.reason },
  };
}

export const HIDDEN = '[hidden]';

/** A body as the delivery log shows it: the game server's address and password hidden. */
export function bodyForLog(body: string): unknown {
  const parsed = JSON.parse(body) as { data?: { connect?: unknown } };
  if (parsed.data?.connect !== undefined) {
    parsed.data.connect = HIDDEN;
  }
  return parsed;
}

/**
 * The webhook events one applied plugin event brings, in the order they happened: the match went live,
 * a new map started, the round score of the current map moved, maps ended.
 */
export function progressEvents(
  before: MatchProgress,
  after: MatchProgress,
): { type: WebhookEventType; mapNumber?: number }[] {
  const events: { type: WebhookEventType; mapNumber?: number }[] = [];
  if (before.status !== 'live' && after.status === 'live') {
    events.push({ type: 'match.live' });
  }
  const current = after.maps.find((m) => m.number === after.currentMapNumber);
  if (current && !current.finished) {
    if (after.currentMapNumber !== before.currentMapNumber) {
      events.push({ type: 'match.map_started', mapNumber: current.number });
    }
    const earlier = before.maps.find((m) => m.number === current.number);
    if (
      (earlier?.team1Score ?? 0) !== current.team1Score ||
      (earlier?.team2Score ?? 0) !== current.team2Score
    ) {
      events.push({ type: 'match.score_updated', mapNumber: current.number });
    }
  }
  for (const map of after.maps) {
    if (map.finished && !before.maps.find((m) => m.number === map.number)?.finished) {
      events.push({ type: 'match.map_ended', mapNumber: map.number });
    }
  }
  return events;
}
