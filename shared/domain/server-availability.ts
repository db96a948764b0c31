/**
 * Whether a game server may take a match, and why not (the spec's Server freeing rules and API.md
 * decision 16). Pure: Matchday's own records go in, a verdict comes out.
 */
import { isOlderBuild } from './game-build.js';

/** What `plugin_tournament_status` can say (the spec's Server status values). */
export const PLUGIN_STATUSES = [
  'idle',
  'loading',
  'warmup',
  'knife',
  'playing',
  'paused',
  'halftime',
  'postgame',
  'error',
] as const;
export type PluginStatus = (typeof PLUGIN_STATUSES)[number];

export interface ServerFacts {
  enabled: boolean;
  /** The CS2 build the server reported over RCON (`version`, `status`); null before it did. */
  gameBuildId: string | null;
  /** An admin vouched for this server's game version (a LAN without internet cannot check it). */
  trusted: boolean;
  pluginVersion: string | null;
  /** The game version `cs2_update_required` asked for; null once the server runs an up-to-date build. */
  updateRequiredVersion: string | null;
  dbOk: boolean | null;
  dbError: string | null;
  /** The last status the plugin reported; null before it said anything. */
  pluginStatus: string | null;
  /** Why the last RCON setup failed, if it did. */
  setupError: string | null;
  demoHoldUntil: number | null;
  demoHoldUploading: boolean;
  /** A match was moved off it as lost (API.md decision 55); null when not. */
  failedAt: number | null;
}

export type BlockedReason =
  'disabled' | 'failed' | 'update_required' | 'outdated' | 'unverified' | 'holding_demo';

export interface Availability {
  /** May be given a match now. */
  free: boolean;
  blockedReason: BlockedReason | null;
  /** Why it is neither free nor blocked: a match of Matchday's or the plugin's own state. */
  busyReason: string | null;
  warnings: string[];
}

/**
 * Plugin states in which a server takes a new load (postgame queues it until the series resets). In
 * `error` the last load failed and nothing is set up: the server is free again (PROTOCOL.md 6).
 */
const TAKES_A_LOAD = new Set<string>(['idle', 'warmup', 'postgame', 'error']);

/** Verified once the plugin has reported a version and no update is pending; or trusted by an admin. */
export const isVerified = (s: ServerFacts) =>
  s.updateRequiredVersion === null && (s.trusted || s.pluginVersion !== null);

export function holdsDemo(s: ServerFacts, now: number): boolean {
  return s.demoHoldUntil !== null && now < s.demoHoldUntil;
}

export function serverAvailability(
  s: ServerFacts,
  activeMatchSlug: string | null,
  now: number,
  /** The newest game build any server on the LAN reported. */
  newestOnLan: { buildId: number; serverId: string } | null = null,
): Availability {
  const warnings: string[] = [];
  const outdated = isOlderBuild(s.gameBuildId, newestOnLan);
  if (outdated) {
    warnings.push(
      `Game build ${s.gameBuildId} is older than build ${newestOnLan!.buildId} on server ${newestOnLan!.serverId}: update this server`,
    );
  }
  if (s.dbOk === false) {
    warnings.push(`Plugin DB down${s.dbError ? `: ${s.dbError}` : ''}`);
  }
  if (s.updateRequiredVersion !== null) {
    warnings.push(`Game update required (version ${s.updateRequiredVersion})`);
  }
  if (s.setupError !== null) {
    warnings.push(s.setupError);
  }
  if (s.pluginStatus === 'error') {
    warnings.push('The plugin reports an error state');
  }
  let blockedReason: BlockedReason | null = null;
  if (!s.enabled) {
    blockedReason = 'disabled';
  } else if (s.failedAt !== null) {
    blockedReason = 'failed';
  } else if (s.updateRequiredVersion !== null) {
    blockedReason = 'update_required';
  } else if (outdated) {
    blockedReason = 'outdated';
  } else if (!isVerified(s)) {
    blockedReason = 'unverified';
  } else if (holdsDemo(s, now)) {
    blockedReason = 'holding_demo';
  }
  // A live match keeps the server busy whatever the plugin says; warmup with nothing loaded is free.
  let busyReason: string | null = null;
  if (activeMatchSlug !== null) {
    busyReason = `plays match ${activeMatchSlug}`;
  } else if (s.pluginStatus !== null && !TAKES_A_LOAD.has(s.pluginStatus)) {
    busyReason = `the plugin reports ${s.pluginStatus}`;
  }
  return { free: blockedReason === null && busyReason === null, blockedReason, busyReason, warnings };
}

/** Seconds a map's demo upload may take to report back before the server is let go (spec). */
export const UPLOAD_TIMEOUT_S = 150;
const STOP_RECORD_AFTER_S = 15;
/** A demo whose bytes are still arriving holds its server for at most this long after they began. */
export const UPLOADING_HOLD_S = 15 * 60;

/** The hold set when a map ends with demo recording on: tv_delay + 15 s + the 150 s upload timeout. */
export const holdAfterMapEnd = (now: number, tvDelaySeconds: number) =>
  now + tvDelaySeconds + STOP_RECORD_AFTER_S + UPLOAD_TIMEOUT_S;

/**
 * The hold once the plugin says its upload started: the upload timeout from now, never shorter than
 * the hold already set at the map end. An upload that never reports back so frees the server after
 * about 5 minutes (spec, Server freeing).
 */
export const holdAfterUploadStart = (now: number, current: number | null) =>
  Math.max(current ?? 0, now + UPLOAD_TIMEOUT_S);

/**
 * The hold while the demo's bytes keep arriving at Matchday: each arrival gives the upload timeout
 * again, up to 15 minutes after the first byte.
 */
export const holdWhileReceiving = (now: number, firstByteAt: number, current: number | null) =>
  Math.max(current ?? 0, Math.min(now + UPLOAD_TIMEOUT_S, firstByteAt + UPLOADING_HOLD_S));

export const BLOCKED_LABELS: Record<BlockedReason, string> = {
  disabled: 'Disabled',
  failed: 'Failed: a match was moved off it (run its setup again to use it)',
  update_required: 'Game update required',
  outdated: 'Outdated game build (another server on the LAN runs a newer one)',
  unverified: 'Unverified game version (the plugin has not reported yet; an admin may trust it)',
  holding_demo: 'Holding a demo that is still uploading',
};
