/**
 * The admin's match list in play order: the allocation queue first (as the allocator takes it), then
 * the matches on a server or waiting for a decision, then the upcoming ones by round, completed and
 * cancelled last. Each row's state. Pure.
 */
import type { DisplayStatus, MatchStatus } from '../contracts/matches.js';
import { queueOrder } from './allocation.js';

export interface OrderFacts {
  slug: string;
  status: MatchStatus;
  displayStatus: DisplayStatus;
  phase: 'live' | 'halftime' | 'overtime' | 'paused' | null;
  tournamentId: number | null;
  round: number;
  matchNumber: number;
  label: string;
  queuePosition: number | null;
  createdAt: number;
  loadedAt: number | null;
  completedAt: number | null;
  serverId: string | null;
  team1: unknown;
  team2: unknown;
}

export const PLAY_GROUPS = ['queue', 'in_play', 'upcoming', 'done'] as const;
export type PlayGroup = (typeof PLAY_GROUPS)[number];

/** Where a match stands in the day's play. */
export function playGroup(m: OrderFacts): PlayGroup {
  switch (m.status) {
    case 'ready':
      return m.team1 !== null && m.team2 !== null && m.displayStatus !== 'BYE' ? 'queue' : 'upcoming';
    case 'loaded':
    case 'live':
    case 'needs_decision':
      return 'in_play';
    case 'pending':
      return 'upcoming';
    case 'completed':
    case 'cancelled':
      return 'done';
  }
}

const byRound = (a: OrderFacts, b: OrderFacts) =>
  a.round - b.round || a.matchNumber - b.matchNumber || a.label.localeCompare(b.label);

/** Live before loaded before needs decision, then the longest on its server first. */
const IN_PLAY_RANK: Partial<Record<MatchStatus, number>> = { live: 0, loaded: 1, needs_decision: 2 };

/** The matches in play order (see the file comment). */
export function playOrder<M extends OrderFacts>(matches: readonly M[]): M[] {
  const groups = new Map<PlayGroup, M[]>(PLAY_GROUPS.map((g) => [g, []]));
  for (const m of matches) {
    groups.get(playGroup(m))!.push(m);
  }
  const queue = queueOrder(
    groups.get('queue')!.map((m) => ({ ...m, manual: m.tournamentId === null, match: m })),
  ).map((q) => q.match);
  const inPlay = groups
    .get('in_play')!
    .sort(
      (a, b) =>
        IN_PLAY_RANK[a.status]! - IN_PLAY_RANK[b.status]! ||
        (a.loadedAt ?? 0) - (b.loadedAt ?? 0) ||
        byRound(a, b),
    );
  return [
    ...queue,
    ...inPlay,
    ...groups.get('upcoming')!.sort(byRound),
    ...groups.get('done')!.sort(byRound),
  ];
}

/** A row's state on the admin match list, for the web app to put in words in the language in use. */
export type RowState =
  | { kind: 'paused' | 'live' | 'loaded' | 'needsDecision' }
  | { kind: 'livePhase'; phase: 'halftime' | 'overtime' }
  | { kind: 'queued'; position: number }
  | { kind: 'display'; status: DisplayStatus };

/** A row's state: "Live, halftime", "Waiting for a server (2nd in the queue)", else its display status. */
export function rowState(m: OrderFacts, queueIndex?: number): RowState {
  switch (m.status) {
    case 'live':
      return m.phase === 'paused'
        ? { kind: 'paused' }
        : m.phase === 'halftime' || m.phase === 'overtime'
          ? { kind: 'livePhase', phase: m.phase }
          : { kind: 'live' };
    case 'loaded':
      return { kind: 'loaded' };
    case 'needs_decision':
      return { kind: 'needsDecision' };
    case 'ready':
      return queueIndex === undefined
        ? { kind: 'display', status: m.displayStatus }
        : { kind: 'queued', position: queueIndex + 1 };
    default:
      return { kind: 'display', status: m.displayStatus };
  }
}
