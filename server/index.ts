import { appVersion } from './app-root.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.js';
import { systemClock, type Clock } from './clock.js';
import type { AppContext, DataChange, ServerAddresses } from './context.js';
import { LogRing } from './log-ring.js';
import { closeDatabase, openDatabase } from './db/open.js';
import { startCheckpointer } from './db/checkpointer.js';
import { createServices, registerRoutes, seedDefaults, startJobs, type Services } from './features/index.js';
import { createRepos } from './db/repos.js';
import { DEFAULT_IDENTITY_ENDPOINTS, type IdentityEndpoints } from './features/auth/providers/endpoints.js';
import { createHttpApp } from './http/app.js';
import { defaultRendererDir } from './http/static.js';
import { LiveHub, type LiveHubOptions } from './live/hub.js';
import { createLivePort } from './live/live-port.js';
import { createEtaBoard } from './features/matches/index.js';
import { LIVE_STREAM_PATHS, registerLiveRoutes, takePublicStream } from './live/routes.js';
import { createLogger } from './logger.js';
import { nextFreePort, PortTakenError } from './net/free-port.js';
import { announceMdns } from './net/mdns.js';
import { watchLanUrls } from './net/address-watch.js';
import { lanUrlsFor, localUrlFor } from './net/lan-address.js';
import { defaultRouteInterface, systemInterfaces } from './net/system-interfaces.js';
import { generateSecret, SecretRegistry } from './secrets.js';
import { createRconPool } from './integrations/rcon/pool.js';
import type { HostResolver } from './net/resolver.js';

export interface AppDeps {
  config: AppConfig;
  clock?: Clock;
  /** The random source of draws; Math.random unless a test seeds one. */
  random?: () => number;
  /** Log lines go here instead of stdout (tests read them back). */
  logDestination?: DestinationStream;
  rendererDir?: string;
  /** Given by startServer, which owns the app's lifecycle; without it a restore cannot swap the data. */
  replaceData?: (change: DataChange) => void;
  /** Buffer and heartbeat of the live streams (tests shorten them). */
  live?: LiveHubOptions;
  /** Name resolution for webhook calls; tests answer for names that do not exist. */
  resolveHost?: HostResolver;
  /** Sign-in provider endpoints; tests point them at fakes on loopback. */
  identityEndpoints?: Partial<IdentityEndpoints>;
}

export interface App {
  express: Express;
  /** Every HTTP request: the public live stream directly, the rest through Express. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): void;
  ctx: AppContext;
  services: Services;
  /** Stops jobs and closes the database; the HTTP server is the caller's. */
  close(): void;
}

/** Builds the whole app on the config's data folder, without listening (tests and startServer). */
export function createApp(deps: AppDeps): App {
  const startedAtMs = Date.now();
  const { config } = deps;
  const secrets = new SecretRegistry();
  for (const token of config.apiTokens) {
    secrets.add(token.secret);
  }
  const logs = new LogRing();
  const logger = createLogger({
    level: config.logLevel,
    secrets,
    destination: deps.logDestination,
    tap: (line) => logs.push(line),
  });
  for (const warning of config.warnings) {
    logger.warn({ module: 'config' }, warning);
  }
  const db = openDatabase(config.dataDir);
  try {
    const repos = createRepos(db);
    const serverToken = config.serverToken ?? repos.meta.getOrCreate('server_token', generateSecret);
    secrets.add(serverToken);
    const hub = new LiveHub(logger, { maxViewers: config.liveMaxViewers, ...deps.live });
    const ctx: AppContext = {
      config,
      db,
      repos,
      logger,
      secrets,
      clock: deps.clock ?? systemClock,
      random: deps.random ?? Math.random,
      rcon: createRconPool(),
      serverToken,
      version: appVersion(),
      publicUrl: config.publicUrl ?? `http://127.0.0.1:${config.port}`,
      addresses: { lanUrls: [], localUrl: `http://127.0.0.1:${config.port}`, mdnsUrl: undefined },
      replaceData:
        deps.replaceData ??
        (() => {
          throw new Error('Replacing the data needs the app started by startServer.');
        }),
      live: createLivePort(
        repos.matches,
        hub,
        createEtaBoard({ db, repos, clock: deps.clock ?? systemClock }),
      ),
      logs,
      resolveHost: deps.resolveHost,
      identityEndpoints: { ...DEFAULT_IDENTITY_ENDPOINTS, ...deps.identityEndpoints },
    };
    const services = createServices(ctx);
    seedDefaults(services);
    const express = createHttpApp(ctx, {
      rendererDir: deps.rendererDir ?? defaultRendererDir(),
      auth: {
        apiTokens: config.apiTokens,
        serverToken: () => ctx.serverToken,
        allowUnauthenticatedEvents: config.allowUnauthenticatedEvents,
        findSession: (id) => services.auth.findSession(id),
        findServerByToken: (kind, token) => services.servers.findByToken(kind, token),
      },
      register: (routes) => {
        registerRoutes(routes, ctx, services, startedAtMs);
        registerLiveRoutes(routes, hub);
      },
      streamPaths: LIVE_STREAM_PATHS,
    });
    const jobs = startJobs(services, ctx.live);
    const stopLogStream = streamLogs(logs, hub);
    const checkpointer = startCheckpointer(db);
    const close = () => {
      jobs.stop();
      stopLogStream();
      checkpointer.stop();
      services.backup.stopSchedule();
      services.servers.stop();
      ctx.rcon.closeAll();
      ctx.live.close();
      closeDatabase(db);
    };
    const takeStream = takePublicStream(hub);
    const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (!takeStream(req, res)) {
        void express(req, res);
      }
    };
    return { express, handle, ctx, services, close };
  } catch (err) {
    closeDatabase(db);
    throw err;
  }
}

/**
 * App log lines on the admin live stream. Published on the next turn, never from inside a log call
 * (the hub itself logs); the stream's own lines stay off it.
 */
function streamLogs(logs: LogRing, hub: LiveHub): () => void {
  return logs.onEntry((entry) => {
    if (entry.module !== 'live') {
      setImmediate(() => hub.publish({ topic: 'log', entry }));
    }
  });
}

export interface RunningServer {
  /** The app serving now: a restore replaces it with one built on the restored data. */
  readonly app: App;
  port: number;
  /** http://127.0.0.1:<port>: the desktop window and local scripts use it. */
  localUrl: string;
  /** What players on the LAN open, best first; follows network changes. */
  readonly lanUrls: string[];
  /** Called with the new LAN URLs whenever the network changes. */
  onAddressesChange(listener: (lanUrls: string[]) => void): void;
  /** http://<name>.local:<port> when MDNS_NAME is set and the announcement started. */
  mdnsUrl: string | undefined;
  /** Ordered: stop accepting, finish in-flight requests, stop jobs, checkpoint and close SQLite. */
  stop(): Promise<void>;
}

const DRAIN_TIMEOUT_MS = 5000;

/** The app whose data can be swapped under the HTTP server (restore) without a restart. */
function swappableApp(deps: AppDeps) {
  let reachable: { publicUrl: string; addresses: ServerAddresses } | undefined;
  const build = () => {
    const app = createApp({ ...deps, replaceData });
    Object.assign(app.ctx, reachable);
    app.services.backup.startSchedule();
    return app;
  };
  // Synchronous from close to rebuild: no request is served by a half-swapped app.
  function replaceData(change: DataChange): void {
    current.close();
    try {
      change.apply();
      current = build();
    } catch (err) {
      change.undo();
      current = build();
      throw err;
    }
  }
  let current = build();
  return {
    get current() {
      return current;
    },
    /** Once listening: the URL game servers see and the addresses players open. */
    setReachable(publicUrl: string, addresses: ServerAddresses) {
      reachable = { publicUrl, addresses };
      Object.assign(current.ctx, reachable);
    },
  };
}

async function listen(server: http.Server, port: number, host: string): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new PortTakenError(port, await nextFreePort(port, host));
    }
    throw err;
  }
}

/** What players open: the ranked LAN addresses (the default route's interface found once, at start). */
async function findLanUrls(host: string, port: number): Promise<string[]> {
  if (!['0.0.0.0', '::', ''].includes(host)) {
    return lanUrlsFor(host, port, []);
  }
  const interfaces = systemInterfaces();
  return lanUrlsFor(host, port, interfaces, await defaultRouteInterface(interfaces));
}

/** The mDNS name is a convenience: failing to announce it is logged, never fatal. */
async function startMdns(name: string | undefined, port: number, lanUrls: readonly string[], app: App) {
  if (!name || lanUrls.length === 0) {
    return undefined;
  }
  try {
    return await announceMdns(name, port);
  } catch (err) {
    app.ctx.logger.warn({ module: 'mdns', err }, 'the mDNS name could not be announced');
    return undefined;
  }
}

export async function startServer(deps: AppDeps): Promise<RunningServer> {
  const app = swappableApp(deps);
  const server = http.createServer((req, res) => app.current.handle(req, res));
  // SSE streams and game-server uploads are long; don't let Node cut them.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 5000;
  try {
    await listen(server, deps.config.port, deps.config.host);
  } catch (err) {
    app.current.close();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  const lanUrls = await findLanUrls(deps.config.host, port);
  const localUrl = localUrlFor(deps.config.host, port);
  const mdns = await startMdns(deps.config.mdnsName, port, lanUrls, app.current);
  const reachableAt = (urls: string[]) =>
    app.setReachable(deps.config.publicUrl ?? urls[0] ?? localUrl, {
      lanUrls: urls,
      localUrl,
      mdnsUrl: mdns?.url,
    });
  reachableAt(lanUrls);
  let currentLanUrls = lanUrls;
  const addressListeners: ((lanUrls: string[]) => void)[] = [];
  // Game servers get the new URL with their next match config; the console and the tray show it.
  const addressWatch = watchLanUrls(deps.config.host, port, lanUrls, {
    onChange: (urls) => {
      currentLanUrls = urls;
      reachableAt(urls);
      app.current.ctx.logger.info({ module: 'net', lanUrls: urls }, 'the LAN addresses changed');
      addressListeners.forEach((listener) => listener(urls));
    },
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      addressWatch.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Live streams never finish by themselves; their browsers reconnect to the next start.
      app.current.ctx.live.close();
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
      await closed;
      clearTimeout(timer);
      await mdns?.stop();
      app.current.close();
      app.current.ctx.logger.flush();
    })();
    return stopping;
  };
  return {
    get app() {
      return app.current;
    },
    port,
    localUrl,
    get lanUrls() {
      return currentLanUrls;
    },
    onAddressesChange: (listener) => addressListeners.push(listener),
    mdnsUrl: mdns?.url,
    stop,
  };
}
