import type { z } from 'zod';
import { AppError } from '../../errors.js';
import {
  mapResultSchema,
  pluginEventSchema,
  roundEndSchema,
  roundStartedSchema,
  seriesEndSchema,
  type PluginEvent,
} from '../../../shared/contracts/plugin-events.js';
import type { ProgressEvent, RoundState } from '../../../shared/domain/match-progress.js';
import { applyLiveEvent, type MatchLive } from '../../../shared/domain/match-live.js';
import { snapshotsOf } from '../../../shared/domain/player-stats.js';
import type { ServersService } from '../servers/index.js';
import { fastPluginEvent, fastRoundEnd } from './fast-shapes.js';

/** Step 1 of an event's way: the plugin's payload read into the shapes the later steps work on. */

export type Json = Record<string, unknown>;
export const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** The event of a request body, or a 400 naming what is wrong with it. */
export function parsePluginEvent(raw: Buffer): PluginEvent {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('BAD_JSON', 400, 'The event body is not valid JSON.');
  }
  const fast = fastPluginEvent(json);
  if (fast) {
    return fast;
  }
  const parsed = pluginEventSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 400, 'An event is a JSON object with an "event" name.');
  }
  return parsed.data;
}

const MAP_EVENTS = new Set([
  'going_live',
  'halftime_started',
  'overtime_started',
  'match_paused',
  'match_unpaused',
]);

/** Damage of one side in a round_end: the sum over its players' cumulative map stats. */
const damageOf = (team: z.infer<typeof roundEndSchema>['team1']) =>
  team.players.reduce((sum, p) => sum + (p.stats?.damage ?? 0), 0);

/** A stored round_end's score, damage and player totals (what a restored backup goes back to); undefined if unreadable. */
export function storedRoundState(body: string): RoundState | undefined {
  const parsed = roundEndSchema.safeParse(JSON.parse(body));
  if (!parsed.success) {
    return undefined;
  }
  const { round: _round, ...state } = roundStateOf(parsed.data);
  return state;
}

function roundStateOf(r: z.infer<typeof roundEndSchema>): RoundState & { round: number } {
  return {
    round: r.round_number,
    team1Score: r.team1.score,
    team2Score: r.team2.score,
    team1Damage: damageOf(r.team1),
    team2Damage: damageOf(r.team2),
    players: snapshotsOf(r.team1.players, r.team2.players),
  };
}

/** The stored round_end of a map and round, when there is one. */
export type StoredRound = (mapNumber: number, round: number) => RoundState | undefined;

const SERIES_WINNERS: Record<string, 'team1' | 'team2'> = { team1: 'team1', team2: 'team2' };

/**
 * The fields the progress reducer reads, or undefined for events that do not change a match. A
 * backup_loaded carries no scores (PROTOCOL.md 2.4.16): `storedRound` finds the round it goes back to.
 */
export function progressEvent(e: PluginEvent, storedRound: StoredRound): ProgressEvent | undefined {
  const mapNumber = e.map_number ?? 0;
  if (e.event === 'series_start') {
    return { event: e.event };
  }
  if (e.event === 'series_end') {
    // Unreadable scores: the series still ends, on the maps won.
    const r = seriesEndSchema.safeParse(e);
    const report = r.success
      ? {
          winner: SERIES_WINNERS[r.data.winner?.team ?? ''] ?? null,
          team1SeriesScore: r.data.team1_series_score,
          team2SeriesScore: r.data.team2_series_score,
        }
      : undefined;
    return { event: 'series_end', ...(report ? { report } : {}) };
  }
  if (MAP_EVENTS.has(e.event)) {
    return { event: e.event as 'going_live', mapNumber };
  }
  if (e.event === 'round_started') {
    const r = roundStartedSchema.safeParse(e);
    const start = r.success
      ? { round: r.data.round_number, team1Score: r.data.team1_score, team2Score: r.data.team2_score }
      : undefined;
    return { event: 'round_started', mapNumber, ...(start ? { start } : {}) };
  }
  if (e.event === 'backup_loaded') {
    const roundsPlayed = Number(e.round_number);
    if (!Number.isInteger(roundsPlayed) || roundsPlayed < 0) {
      return undefined;
    }
    const restored = storedRound(mapNumber, roundsPlayed);
    return { event: 'backup_loaded', mapNumber, roundsPlayed, ...(restored ? { restored } : {}) };
  }
  if (e.event === 'round_end') {
    return { event: 'round_end', mapNumber, ...roundStateOf(fastRoundEnd(e) ?? roundEndSchema.parse(e)) };
  }
  if (e.event === 'map_result') {
    const r = mapResultSchema.parse(e);
    return { event: 'map_result', mapNumber, team1Score: r.team1.score, team2Score: r.team2.score };
  }
  return undefined;
}

/** An empty live state to find out whether an event says anything about players, pauses or demos. */
const EMPTY_PROBE: MatchLive = { players: {}, spectators: [], pause: null, demos: [], report: null };

/** Whether the event says anything about players, pauses or demos. */
export const touchesLive = (e: Json) => applyLiveEvent(EMPTY_PROBE, e) !== EMPTY_PROBE;

/** Server-level events (PROTOCOL.md 2.4.20–21): what they tell about the plugin and its server. */
export const SERVER_EVENTS: Record<
  string,
  (e: Json, now: number) => Parameters<ServersService['notePlugin']>[1]
> = {
  server_configured: (e, now) => ({
    reportedHostname: text(e.hostname),
    pluginVersion: text(e.plugin_version),
    configuredAt: now,
    // A plugin that starts up again runs the game build installed at that restart.
    ...(e.configured_by === 'Startup' ? { updateRequiredVersion: null } : {}),
  }),
  server_health: (e) => ({
    pluginVersion: text(e.plugin_version),
    dbOk: typeof e.db_ok === 'boolean' ? e.db_ok : null,
    dbType: text(e.db_type),
    dbError: text(e.db_error),
  }),
  cs2_update_required: (e) => ({ updateRequiredVersion: text(e.required_version) ?? 'unknown' }),
  test_event: () => ({}),
};
