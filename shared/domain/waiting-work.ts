/**
 * Work that waits on the organiser without being an error (issue 31): matches held up by their teams' veto,
 * servers idle while matches queue for one. Computed from the matches and servers lists the console already has.
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
