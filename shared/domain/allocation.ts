/**
 * Which waiting match goes to which free game server (the spec's "Waiting for a server" row and Server
 * freeing rules). Pure: one global queue order (manual matches first, then the bracket's play order), a
 * team plays one match at a time, blocked servers are skipped.
 */

import { carriesAll } from './server-tags.js';

export interface WaitingMatch {
  slug: string;
  team1Id: string;
  team2Id: string;
  /** Manual matches come first in the queue, oldest first. */
  manual: boolean;
  /** The bracket's play order (tournament matches); null for manual matches. */
  queuePosition: number | null;
  createdAt: number;
  /** A manual match may name its server; it then waits for that one only. */
  serverId: string | null;
  /** Servers that refused this match or never fetched its config: tried again only when none else is free. */
  avoidServerIds?: readonly string[];
  /** Servers that refused this match too recently to be asked again yet (`refusalBackoffMs`). */
  heldOffServerIds?: readonly string[];
  /** Held by the timetable (API.md decision 75: before its round's `notBefore`, in a break, paused). */
  heldByTimetable?: boolean;
  /** Tags a server must carry to take this match (server-tags.ts); none: any server. */
  requiredTags?: readonly string[];
  /** The players of both teams: one in two tournaments is never loaded twice at once (decision 73). */
  playerIds?: readonly string[];
}

export interface ServerSlot {
  id: string;
  /** Free now: idle (or warmup with nothing loaded), holding no demo, not blocked. */
  free: boolean;
  /** Why it may not take matches at all (disabled, outdated, unverified, holding a demo), or null. */
  blockedReason: string | null;
  /** The tags an admin gave it (decision 74). */
  tags?: readonly string[];
}

export type WaitReason =
  'team_busy' | 'player_busy' | 'no_free_server' | 'server_busy' | 'timetable' | 'no_tagged_server';

export interface AllocationPlan {
  assignments: { slug: string; serverId: string }[];
  /** The matches that keep waiting, in queue order, with their 1-based position and why. */
  waiting: { slug: string; position: number; reason: WaitReason; tags?: string[]; players?: string[] }[];
}

/** The global queue order: manual matches first (oldest first), then tournament matches by play order. */
export function queueOrder<M extends Pick<WaitingMatch, 'manual' | 'queuePosition' | 'createdAt' | 'slug'>>(
  matches: readonly M[],
): M[] {
  return [...matches].sort(
    (a, b) =>
      Number(b.manual) - Number(a.manual) ||
      (a.queuePosition ?? 0) - (b.queuePosition ?? 0) ||
      a.createdAt - b.createdAt ||
      a.slug.localeCompare(b.slug),
  );
}

/** The first wait after a refusal; it doubles with each refusal in a row, up to the cap. */
const FIRST_REFUSAL_WAIT_MS = 1_000;
const REFUSAL_WAIT_CAP_MS = 30_000;

/**
 * How long a server that refused a match `refusals` times in a row (a load the plugin answered
 * "already set up", or never fetched) waits before it is asked for that match again: 1, 2, 4 … 30 s,
 * so a server that keeps refusing is not asked every allocation round.
 */
export function refusalBackoffMs(refusals: number): number {
  return Math.min(REFUSAL_WAIT_CAP_MS, FIRST_REFUSAL_WAIT_MS * 2 ** Math.max(0, refusals - 1));
}

export function planAllocation(
  matches: readonly WaitingMatch[],
  busyTeamIds: ReadonlySet<string>,
  servers: readonly ServerSlot[],
  busyPlayerIds: ReadonlySet<string> = new Set(),
): AllocationPlan {
  const busy = new Set(busyTeamIds);
  const busyPlayers = new Set(busyPlayerIds);
  const free = servers.filter((s) => s.free && s.blockedReason === null).map((s) => s.id);
  const tagsOf = new Map(servers.map((s) => [s.id, s.tags ?? []]));
  const plan: AllocationPlan = { assignments: [], waiting: [] };
  for (const match of queueOrder(matches)) {
    const wait = (reason: WaitReason, tags?: string[], players?: string[]) =>
      plan.waiting.push({
        slug: match.slug,
        position: plan.waiting.length + 1,
        reason,
        ...(tags && { tags }),
        ...(players && { players }),
      });
    if (match.heldByTimetable) {
      wait('timetable');
      continue;
    }
    if (busy.has(match.team1Id) || busy.has(match.team2Id)) {
      wait('team_busy');
      continue;
    }
    // A player on teams of two tournaments plays one match at a time (API.md decision 73).
    const sharedPlayers = (match.playerIds ?? []).filter((id) => busyPlayers.has(id));
    if (sharedPlayers.length > 0) {
      wait('player_busy', undefined, sharedPlayers);
      continue;
    }
    const heldOff = new Set(match.heldOffServerIds ?? []);
    const required = match.requiredTags ?? [];
    // Servers with fewer tags go first: an untagged match spares the stage server while another is free.
    const fitting = free
      .filter((id) => carriesAll(tagsOf.get(id) ?? [], required))
      .sort((a, b) => (tagsOf.get(a)?.length ?? 0) - (tagsOf.get(b)?.length ?? 0));
    const candidates = (
      match.serverId !== null ? fitting.filter((id) => id === match.serverId) : fitting
    ).filter((id) => !heldOff.has(id));
    const avoided = new Set(match.avoidServerIds ?? []);
    const serverId = candidates.find((id) => !avoided.has(id)) ?? candidates[0];
    if (serverId === undefined && required.length > 0 && fitting.length === 0) {
      wait('no_tagged_server', [...required]);
      continue;
    }
    if (serverId === undefined) {
      wait(match.serverId !== null && free.length > 0 ? 'server_busy' : 'no_free_server');
      continue;
    }
    free.splice(free.indexOf(serverId), 1);
    busy.add(match.team1Id);
    busy.add(match.team2Id);
    match.playerIds?.forEach((id) => busyPlayers.add(id));
    plan.assignments.push({ slug: match.slug, serverId });
  }
  return plan;
}
