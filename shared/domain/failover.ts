/** What the failover job makes of a match's server (API.md decision 56). */
export type LostVerdict = 'fine' | 'silent' | 'restarted';

export interface ServerContact {
  /** Unix seconds. */
  now: number;
  /** `failoverAfterSeconds`; 0 turns failover off. */
  afterSeconds: number;
  /** The last time the server was heard from (an RCON answer, a post, the config fetch). */
  heardAt: number;
  /** When the plugin started up while Matchday had a match on the server, until the failover acted. */
  lostMatchAt: number | null;
  /** When the match's current load was sent; null without one. */
  loadedAt: number | null;
  /** The server's last bootstrap fetch, which a plugin does at its start before announcing it. */
  bootstrappedAt: number | null;
  /** The match went live: a start-up before that is the recovery's to judge (API.md decision 56). */
  live: boolean;
}

/**
 * A server is lost for its match when its plugin started up since the live match was loaded there (a
 * plugin starts with no match) or when it was silent for `afterSeconds`. A plugin fetches its bootstrap
 * when it starts and announces the start-up 5 s later (2.0.0 Auto-Tournament/MatchZy-Enhanced
 * src/BootstrapConfig.cs, 1.4.21 sivert-io/MatchZy-Enhanced src/MatchZy.cs): an announcement whose
 * bootstrap came before the load is from the plugin that took the load, late, not from a new one.
 */
export function lostServer(c: ServerContact): LostVerdict {
  if (c.afterSeconds <= 0) {
    return 'fine';
  }
  const loadedAt = c.loadedAt ?? 0;
  const startedBeforeLoad = c.bootstrappedAt !== null && c.bootstrappedAt < loadedAt;
  if (c.live && c.lostMatchAt !== null && c.lostMatchAt >= loadedAt && !startedBeforeLoad) {
    return 'restarted';
  }
  return c.now - c.heardAt >= c.afterSeconds ? 'silent' : 'fine';
}

/** A `server_lost` item as queued: its key is the match's slug. */
export interface LostItem {
  matchSlug?: string;
  serverId?: string;
}

/**
 * Which queued `server_lost` items lost their cause (the match left that server: moved, ended, reset)
 * and which matches still wait for the organiser on the server named (not checked again meanwhile).
 */
export function lostItemsGone(
  items: readonly LostItem[],
  onServer: readonly { slug: string; serverId: string | null }[],
): { gone: string[]; waiting: Set<string> } {
  const gone: string[] = [];
  const waiting = new Set<string>();
  for (const { matchSlug, serverId } of items) {
    if (matchSlug === undefined) {
      continue;
    }
    if (onServer.some((m) => m.slug === matchSlug && m.serverId === serverId)) {
      waiting.add(matchSlug);
    } else {
      gone.push(matchSlug);
    }
  }
  return { gone, waiting };
}
