/** What the failover job makes of a match's server (API.md decision 56). */
export type LostVerdict = 'fine' | 'silent' | 'restarted';

export interface ServerContact {
  /** Unix seconds. */
  now: number;
  /** `failoverAfterSeconds`; 0 turns failover off. */
  afterSeconds: number;
  /** The last time the server was heard from (an RCON answer, a post, the config fetch). */
  heardAt: number;
  /** When the plugin last reported a start-up, if ever. */
  pluginStartedAt: number | null;
  /** When the server fetched the match's current load; null while it has not. */
  fetchedAt: number | null;
}

/**
 * A server is lost for its match when its plugin started up after it fetched the match (a plugin
 * starts with no match; a start in the very second of the fetch is taken for the one before it, so a
 * match loaded again after a start-up is not lost again) or when it was silent for `afterSeconds`.
 */
export function lostServer(c: ServerContact): LostVerdict {
  if (c.afterSeconds <= 0) {
    return 'fine';
  }
  if (c.pluginStartedAt !== null && c.fetchedAt !== null && c.pluginStartedAt > c.fetchedAt) {
    return 'restarted';
  }
  return c.now - c.heardAt >= c.afterSeconds ? 'silent' : 'fine';
}
