import { RconConnection, RconError, type RconTarget } from './connection.js';

export { RconError, type RconTarget } from './connection.js';

/** The port the features use to talk to game servers; tests and the app share this one adapter. */
export interface RconPort {
  /** Runs a console command on a server, over its kept-open connection. */
  run(serverId: string, target: RconTarget, command: string): Promise<string>;
  /** Drops a server's connection (its address or password changed, or it was deleted). */
  forget(serverId: string): void;
  closeAll(): void;
}

export interface RconPoolOptions {
  timeoutMs?: number;
  /** First wait before reconnecting after a failure; doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  now?: () => number;
}

interface ServerLink {
  target: RconTarget;
  connection?: Promise<RconConnection>;
  failures: number;
  retryAt: number;
  /** Set after a wrong password: nothing is tried again until the password changes. */
  refused?: RconError;
}

const sameTarget = (a: RconTarget, b: RconTarget) =>
  a.host === b.host && a.port === b.port && a.password === b.password;

/**
 * One connection per server, kept open; commands on a server run one at a time. After a network
 * failure it reconnects with backoff; a wrong password is not retried at all (servers ban addresses
 * that keep failing) until the server's password is changed.
 */
export function createRconPool(options: RconPoolOptions = {}): RconPort {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const backoffMs = options.backoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const now = options.now ?? Date.now;
  const links = new Map<string, ServerLink>();

  function linkFor(serverId: string, target: RconTarget): ServerLink {
    const existing = links.get(serverId);
    if (existing && sameTarget(existing.target, target)) {
      return existing;
    }
    if (existing) {
      void existing.connection?.then(
        (c) => c.close(),
        () => undefined,
      );
    }
    const link: ServerLink = { target, failures: 0, retryAt: 0 };
    links.set(serverId, link);
    return link;
  }

  /** The server's open connection; concurrent callers share one login. */
  async function connectionOf(link: ServerLink): Promise<RconConnection> {
    for (;;) {
      if (link.refused) {
        throw link.refused;
      }
      const pending = (link.connection ??= openLink(link));
      let connection: RconConnection;
      try {
        connection = await pending;
      } catch (err) {
        // openLink may fail before its promise is stored, so a failed login is forgotten here.
        if (link.connection === pending) {
          link.connection = undefined;
        }
        throw err;
      }
      if (!connection.closed) {
        return connection;
      }
      if (link.connection === pending) {
        link.connection = undefined;
      }
    }
  }

  async function openLink(link: ServerLink): Promise<RconConnection> {
    try {
      if (now() < link.retryAt) {
        throw new RconError(
          `RCON is reconnecting; next try in ${Math.ceil((link.retryAt - now()) / 1000)} s.`,
          'network',
        );
      }
      const connection = await RconConnection.open(link.target, timeoutMs);
      link.failures = 0;
      return connection;
    } catch (err) {
      if (err instanceof RconError && err.kind === 'auth') {
        link.refused = err;
      } else if (now() >= link.retryAt) {
        link.failures++;
        link.retryAt = now() + Math.min(maxBackoffMs, backoffMs * 2 ** (link.failures - 1));
      }
      throw err;
    }
  }

  return {
    async run(serverId, target, command) {
      const link = linkFor(serverId, target);
      const connection = await connectionOf(link);
      return connection.command(command, timeoutMs);
    },
    forget(serverId) {
      const link = links.get(serverId);
      links.delete(serverId);
      void link?.connection?.then(
        (c) => c.close(),
        () => undefined,
      );
    },
    closeAll() {
      for (const id of [...links.keys()]) {
        this.forget(id);
      }
    },
  };
}
