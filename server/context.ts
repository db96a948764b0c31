import type { Logger } from 'pino';
import type { AppConfig } from './config.js';
import type { Clock } from './clock.js';
import type { Db } from './db/open.js';
import type { SqlPort } from './db/sql-port.js';
import type { Repos } from './db/repos.js';
import type { LivePort } from './live/live-port.js';
import type { LogRing } from './log-ring.js';
import type { SecretRegistry } from './secrets.js';
import type { RconPort } from './integrations/rcon/pool.js';
import type { HostResolver } from './net/resolver.js';
import type { IdentityEndpoints } from './features/auth/providers/endpoints.js';

/** What every feature gets: the config and the outside edges as ports. */
export interface AppContext {
  config: AppConfig;
  /** The SQLite connection itself, for what only SQLite does (its file backup); undefined on PostgreSQL. */
  db: Db | undefined;
  /** The storage port: statements and transactions (`await ctx.sql.tx(async () => ...)`). */
  sql: SqlPort;
  /** Every repo, built once at start-up. */
  repos: Repos;
  logger: Logger;
  secrets: SecretRegistry;
  clock: Clock;
  /** Uniform numbers in [0, 1): draws (a random seeding's seed, simulated vetoes); tests seed it. */
  random: () => number;
  /** Console commands to game servers, one kept-open connection each. */
  rcon: RconPort;
  /** The plugin token: SERVER_TOKEN or the one generated on first start. */
  serverToken: string;
  version: string;
  /** Base URL game servers and webhooks see: PUBLIC_URL, else the best LAN address once listening. */
  publicUrl: string;
  /** Where this Matchday can be reached, known once it listens (the console's "Connect players"). */
  addresses: ServerAddresses;
  /** The live streams (SSE): features announce committed changes here. */
  live: LivePort;
  /** The last app log lines (the console's log view). */
  logs: LogRing;
  /** Name resolution for outbound calls (webhooks); the system resolver unless a test swaps it. */
  resolveHost?: HostResolver;
  /**
   * Swaps the data under the running server (restore): closes this app, applies the change, then serves
   * from an app built anew on the data folder. If applying or reopening fails, the change is undone and
   * the previous data served again before the error is rethrown.
   */
  replaceData(change: DataChange): Promise<void>;
  /** Sign-in providers' endpoints (the real ones; tests use fakes on loopback). */
  identityEndpoints: IdentityEndpoints;
}

export interface DataChange {
  apply(): void;
  undo(): void;
}

export interface ServerAddresses {
  /** What players on the LAN open, best first; empty when bound to loopback only. */
  lanUrls: string[];
  /** This machine's own URL (loopback unless bound to one address). */
  localUrl: string;
  /** http://<name>.local:<port> while the mDNS announcement runs. */
  mdnsUrl: string | undefined;
}
