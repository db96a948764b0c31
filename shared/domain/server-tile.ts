/**
 * What a dashboard tile says of one game server (issue #28 item 6): its match, map, round score,
 * phase, players present of expected, time in this phase, and whether something is wrong. Pure: the
 * page gathers the server, its match, who is connected and the queue's items, and passes time in.
 */

/** Plugin events that begin a phase: the last of them is when the current phase began. */
export const PHASE_EVENTS: ReadonlySet<string> = new Set([
  'series_start',
  'going_live',
  'halftime_started',
  'overtime_started',
  'match_paused',
  'match_unpaused',
  'map_result',
]);

/** When the current phase began: the last phase event, else when the match was loaded. */
export function phaseStartedAt(
  events: readonly { event: string; receivedAt: number }[],
  loadedAt: number | null,
): number | null {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (PHASE_EVENTS.has(events[i]!.event)) {
      return events[i]!.receivedAt;
    }
  }
  return loadedAt;
}

export type TilePhase =
  'idle' | 'blocked' | 'disabled' | 'warmup' | 'live' | 'halftime' | 'overtime' | 'paused';
export type TileLevel = 'ok' | 'warn' | 'alert';

export interface TileInput {
  enabled: boolean;
  blocked: boolean;
  /** The server's setup or plugin reports an error. */
  failing: boolean;
  match: { status: string; phase: 'live' | 'halftime' | 'overtime' | 'paused' | null } | null;
  /** Players connected on the teams' sides, and the players expected (both teams' size). */
  present: number | null;
  expected: number;
  /** Items of the attention queue about this server or its match: urgent ones, and the rest. */
  urgentItems: number;
  otherItems: number;
}

/** The tile's phase and warning level: red for what stops play or waits on the organiser, amber for what may. */
export function tileState(t: TileInput): { phase: TilePhase; level: TileLevel } {
  const phase: TilePhase = !t.enabled
    ? 'disabled'
    : t.match === null
      ? t.blocked
        ? 'blocked'
        : 'idle'
      : t.match.status === 'loaded'
        ? 'warmup'
        : (t.match.phase ?? 'live');
  if (t.failing || t.urgentItems > 0) {
    return { phase, level: 'alert' };
  }
  const missingPlayers = t.match !== null && t.present !== null && t.present < t.expected;
  if (t.otherItems > 0 || phase === 'paused' || (t.blocked && t.enabled) || missingPlayers) {
    return { phase, level: 'warn' };
  }
  return { phase, level: 'ok' };
}

/**
 * Players connected who are not spectators. A connect event does not name the side (the slot stays
 * `unknown` until a report says), so unknown counts as playing.
 */
export function playersPresent(players: Record<string, { slot: string; connected: boolean }>): number {
  return Object.values(players).filter((p) => p.connected && p.slot !== 'spectator').length;
}
