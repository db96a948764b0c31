/**
 * The rules of the organiser's attention queue (API.md decisions 64-65). Pure: the service reads what
 * is stored (matches, pauses, map ends, demos, calls) and passes the time in; these answer which items
 * should be in the queue, so a sweep raises the new ones and clears those whose cause is gone.
 */
import type { AttentionKind } from '../contracts/attention.js';
import type { PreflightResult } from '../contracts/preflight.js';

/** Decision 64: a demo still missing this long after its map ended needs a look. */
export const DEMO_GRACE_SECONDS = 10 * 60;

/** Map ends older than this are not looked at again: a demo lost days ago is no news. */
export const DEMO_LOOKBACK_SECONDS = 24 * 60 * 60;

/** Decision 65: one call per player per 2 minutes. */
export const CALL_INTERVAL_SECONDS = 2 * 60;

/** A call without a match of its player's team leaves this long after an admin acknowledged it. */
export const ACKNOWLEDGED_CALL_SECONDS = 15 * 60;

/** One item as a cause wants it in the queue; `kind` + `key` name it (raising it twice keeps one). */
export interface WantedItem {
  kind: AttentionKind;
  key: string;
  matchSlug?: string;
  serverId?: string;
  teamId?: string;
  since: number;
  message: string;
}

export interface ItemKey {
  kind: AttentionKind;
  key: string;
}

const keyOf = (item: ItemKey) => `${item.kind}\u0000${item.key}`;

/**
 * What a sweep of `kinds` changes: wanted items not stored yet are raised, stored items of those kinds
 * no longer wanted are cleared. Items of other kinds are left alone (their features raise and clear them).
 */
export function reconcile<S extends ItemKey>(
  stored: readonly S[],
  wanted: readonly WantedItem[],
  kinds: readonly AttentionKind[],
): { raise: WantedItem[]; clear: S[] } {
  const storedKeys = new Set(stored.map(keyOf));
  const wantedKeys = new Set(wanted.map(keyOf));
  return {
    raise: wanted.filter((w) => !storedKeys.has(keyOf(w))),
    clear: stored.filter((s) => kinds.includes(s.kind) && !wantedKeys.has(keyOf(s))),
  };
}

export interface PausedMatch {
  slug: string;
  label: string;
  serverId: string | null;
  /** When the current pause began (the stored `match_paused`). */
  pausedSince: number;
}

/** Matches paused for `minutes` or longer (0 = the alert is off). */
export function longPauses(paused: readonly PausedMatch[], now: number, minutes: number): WantedItem[] {
  if (minutes <= 0) {
    return [];
  }
  return paused
    .filter((p) => now - p.pausedSince >= minutes * 60)
    .map((p) => ({
      kind: 'paused',
      key: p.slug,
      matchSlug: p.slug,
      ...(p.serverId !== null ? { serverId: p.serverId } : {}),
      since: p.pausedSince + minutes * 60,
      message: `${p.label} has been paused since ${isoMinute(p.pausedSince)} (over ${minutes} min).`,
    }));
}

export interface MapEnd {
  slug: string;
  label: string;
  serverId: string | null;
  /** 0-based, as the plugin and the demos count maps. */
  mapNumber: number;
  endedAt: number;
  hasDemo: boolean;
}

/** Maps that ended at least 10 minutes ago without a stored demo. */
export function missingDemos(ends: readonly MapEnd[], now: number): WantedItem[] {
  return ends
    .filter((e) => !e.hasDemo && now - e.endedAt >= DEMO_GRACE_SECONDS)
    .map((e) => ({
      kind: 'demo_missing',
      key: `${e.slug}:${e.mapNumber}`,
      matchSlug: e.slug,
      ...(e.serverId !== null ? { serverId: e.serverId } : {}),
      since: e.endedAt + DEMO_GRACE_SECONDS,
      message: `No demo of map ${e.mapNumber + 1} of ${e.label} arrived within 10 minutes of its end.`,
    }));
}

export interface StoredCall extends ItemKey {
  matchSlug: string | null;
  acknowledgedAt: number | null;
}

/**
 * Whether a call's cause is gone: its match is over (or removed); a call made outside a match goes a
 * while after an admin acknowledged it.
 */
export function callAnswered(call: StoredCall, openMatches: ReadonlySet<string>, now: number): boolean {
  if (call.matchSlug !== null) {
    return !openMatches.has(call.matchSlug);
  }
  return call.acknowledgedAt !== null && now - call.acknowledgedAt >= ACKNOWLEDGED_CALL_SECONDS;
}

/** Seconds until the player may call again; 0 when they may now. */
export function callWaitSeconds(lastCalledAt: number | undefined, now: number): number {
  return lastCalledAt === undefined ? 0 : Math.max(0, lastCalledAt + CALL_INTERVAL_SECONDS - now);
}

export interface CallFacts {
  playerName: string;
  platformId: string;
  teamName: string | null;
  matchLabel: string | null;
  serverName: string | null;
  text: string;
}

/** The call's sentence: who, on which team, in which match, on which server, and what they wrote. */
export function callMessage(c: CallFacts): string {
  const where = [
    c.teamName !== null ? `of ${c.teamName}` : 'on no team',
    c.matchLabel !== null ? `in ${c.matchLabel}` : null,
    c.serverName !== null ? `on ${c.serverName}` : null,
  ]
    .filter((part) => part !== null)
    .join(' ');
  return `${c.playerName} (${c.platformId}) ${where} calls an admin: "${c.text}"`;
}

function isoMinute(unixSeconds: number): string {
  return `${new Date(unixSeconds * 1000).toISOString().slice(11, 16)} UTC`;
}

/** A waiting move's key; a done move's is `moved:<slug>:<server>`. */
const WAITING_MOVE = 'waiting:';

/** Matches whose move waits for a free server (API.md decision 55): one item each while it waits. */
export function waitingMoves(
  moving: readonly { slug: string; name: string; serverId: string | null }[],
  now: number,
): WantedItem[] {
  return moving.map((m) => ({
    kind: 'move',
    key: `${WAITING_MOVE}${m.slug}`,
    matchSlug: m.slug,
    ...(m.serverId !== null ? { serverId: m.serverId } : {}),
    since: now,
    message: `${m.name} waits to move: no server is free; it moves as soon as one frees.`,
  }));
}

/** The item of a done move, which stays while its match is still played. */
export const movedItemKey = (slug: string, to: string) => `moved:${slug}:${to}`;

/**
 * Whether a move item's cause is gone: a waiting move once it no longer waits, a done move once its
 * match is over.
 */
export function moveSettled(
  item: ItemKey & { matchSlug: string | null },
  wanted: readonly WantedItem[],
  openMatches: ReadonlySet<string>,
): boolean {
  if (item.key.startsWith(WAITING_MOVE)) {
    return !wanted.some((w) => w.kind === 'move' && w.key === item.key);
  }
  return item.matchSlug === null || !openMatches.has(item.matchSlug);
}

/** The errors of the last preflight run (API.md decision 57), one item per failed check. */
export function preflightErrors(result: PreflightResult | null): WantedItem[] {
  if (result === null) {
    return [];
  }
  return result.checks
    .filter((c) => !c.ok && c.severity === 'error')
    .map((c) => ({
      kind: 'preflight',
      key: `${c.scope}:${c.id}:${c.check}`,
      ...(c.scope === 'server' ? { serverId: c.id } : {}),
      ...(c.scope === 'team' ? { teamId: c.id } : {}),
      since: result.ranAt,
      message: `Preflight (${c.name}): ${c.message}`,
    }));
}
