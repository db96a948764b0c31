/**
 * Work that waits on the organiser without being an error (issue 31): matches held up by their teams' veto,
 * servers idle while matches queue for one (from the matches and servers lists the console already has), and
 * loads whose config no server fetched.
 */

export interface WaitingWorkMatch {
  slug: string;
  displayStatus: string;
}

export interface WaitingWorkServer {
  id: string;
  availability: { free: boolean };
}

export interface WaitingWork {
  /** Slugs of the matches whose teams have not finished their veto, in list order. */
  vetoPending: string[];
  /** Free servers while at least one match waits for a server; empty when nothing queues. */
  idleServers: string[];
  /** How many matches wait for a server. */
  queued: number;
}

export function waitingWork(
  matches: readonly WaitingWorkMatch[],
  servers: readonly WaitingWorkServer[],
): WaitingWork {
  const vetoPending = matches.filter((m) => m.displayStatus === 'Veto pending').map((m) => m.slug);
  const queued = matches.filter((m) => m.displayStatus === 'Waiting for a server').length;
  const idleServers = queued === 0 ? [] : servers.filter((s) => s.availability.free).map((s) => s.id);
  return { vetoPending, idleServers, queued };
}

/**
 * How long a load may stay unfetched before it is stuck. The allocation rolls back a load unconfirmed after
 * 30 s, a load queued behind a finishing series after its postgame (76 s and more) plus 30 s; one still
 * unfetched after this is not watched any more (sent by a control, or the watch went with a restart).
 */
export const STUCK_LOAD_S = 120;

/** An open load Matchday sent: its match, the server, when it was sent and whether its config was fetched. */
export interface SentLoad {
  matchSlug: string;
  serverId: string;
  sentAt: number;
  fetchedAt: number | null;
}

export interface StuckLoad {
  matchSlug: string;
  serverId: string;
  sentAt: number;
  waitingSeconds: number;
}

/**
 * Loads whose config the server has not fetched within `STUCK_LOAD_S`, longest waiting first; only the
 * match's current load counts (`onServer`: the match is loaded on that server and not live yet).
 */
export function stuckLoads(
  loads: readonly SentLoad[],
  onServer: (matchSlug: string, serverId: string) => boolean,
  now: number,
): StuckLoad[] {
  return loads
    .filter(
      (l) => l.fetchedAt === null && now - l.sentAt >= STUCK_LOAD_S && onServer(l.matchSlug, l.serverId),
    )
    .map((l) => ({
      matchSlug: l.matchSlug,
      serverId: l.serverId,
      sentAt: l.sentAt,
      waitingSeconds: now - l.sentAt,
    }))
    .sort((a, b) => a.sentAt - b.sentAt);
}
