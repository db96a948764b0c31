import { appVersion } from './app-root.js';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import os from 'node:os';
import type { Express } from 'express';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.js';
import { systemClock, type Clock } from './clock.js';
import type { AppContext, DataChange } from './context.js';
import { LogRing } from './log-ring.js';
import { RELOAD_CHANNEL } from './db/sql-port.js';
import { openStorage } from './db/storage.js';
import {
  createServices,
  loadServices,
  registerRoutes,
  reloadServices,
  type Services,
} from './features/index.js';
import { startLeaderJobs } from './features/leader-jobs.js';
import { createClusterLiveFeed, createLeader } from './features/cluster/index.js';
import { createRepos } from './db/repos.js';
import { DEFAULT_IDENTITY_ENDPOINTS, type IdentityEndpoints } from './features/auth/providers/endpoints.js';
import { createHttpApp } from './http/app.js';
import { defaultRendererDir } from './http/static.js';
import { LiveHub, type LiveHubOptions } from './live/hub.js';
import type { LivePayload } from '../shared/contracts/live.js';
import { createLivePort } from './live/live-port.js';
import { createEtaBoard } from './features/matches/index.js';
import { LIVE_STREAM_PATHS, registerLiveRoutes, takePublicStream } from './live/routes.js';
import { createLogger } from './logger.js';
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
  replaceData?: (change: DataChange) => Promise<void>;
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
  /** Stops jobs, waits for an open transaction and closes the database; the HTTP server is the caller's. */
  close(): Promise<void>;
}

/** Builds the whole app on the config's data folder, without listening (tests and startServer). */
export async function createApp(deps: AppDeps): Promise<App> {
  const startedAtMs = Date.now();
  const instanceId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
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
  if (config.databaseUrl) {
    // The URL may carry the database password.
    const password = new URL(config.databaseUrl).password;
    secrets.add(password || undefined);
    secrets.add(password ? decodeURIComponent(password) : undefined);
  }
  for (const warning of config.warnings) {
    logger.warn({ module: 'config' }, warning);
  }
  const storage = await openStorage(config, logger);
  const { sql } = storage;
  try {
    const repos = createRepos(sql);
    const serverToken = config.serverToken ?? (await repos.meta.getOrCreate('server_token', generateSecret));
    secrets.add(serverToken);
    const clustered = sql.dialect === 'postgres';
    // In a cluster the live ids are the cluster's: viewers start after the last message stored.
    const liveStart = clustered ? await repos.liveMessages.latestId() : undefined;
    const hub = new LiveHub(logger, { maxViewers: config.liveMaxViewers, firstId: liveStart, ...deps.live });
    const feed = clustered
      ? createClusterLiveFeed({
          sql,
          repo: repos.liveMessages,
          hub,
          logger,
          startAfter: liveStart ?? 0,
          leading: () => leader.leading,
        })
      : undefined;
    const ctx: AppContext = {
      config,
      db: storage.sqlite,
      sql,
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
        (() => Promise.reject(new Error('Replacing the data needs the app started by startServer.'))),
      live: createLivePort(
        repos.matches,
        hub,
        createEtaBoard({ sql, repos, clock: deps.clock ?? systemClock }),
        (err) => logger.error({ module: 'live', err }, 'a live update could not be read'),
        feed?.send,
        sql.detached,
      ),
      logs,
      resolveHost: deps.resolveHost,
      identityEndpoints: { ...DEFAULT_IDENTITY_ENDPOINTS, ...deps.identityEndpoints },
    };
    const services = createServices(ctx);
    // Until the lease says otherwise, an instance of a cluster leaves allocation to the leader.
    services.allocation.setLeading(!clustered);
    await loadServices(services);
    // Another instance changed what this one keeps in memory (settings, webhooks) or restored a backup.
    // The instance that restored closes and is built anew instead (`closing`).
    let closing = false;
    const stopReloadWatch = await sql.listen?.(RELOAD_CHANNEL, () => {
      if (!closing) {
        reloadServices(services).catch((err: unknown) => {
          if (!closing) {
            logger.error(
              { module: 'cluster', err },
              'reading settings again after another instance changed them failed',
            );
          }
        });
      }
    });
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
        registerRoutes(routes, ctx, services, {
          id: instanceId,
          startedAtMs,
          database: sql.dialect,
          leading: () => leader.leading,
        });
        registerLiveRoutes(routes, hub, feed?.caughtUp);
      },
      streamPaths: LIVE_STREAM_PATHS,
    });
    await feed?.start();
    let leaderJobs: { stop(): void } | undefined;
    const leader = createLeader({
      alone: !clustered,
      repo: repos.leases,
      instance: instanceId,
      nowMs: Date.now,
      logger,
      onChange: (leading) => {
        leaderJobs?.stop();
        leaderJobs = leading ? startLeaderJobs(services, ctx) : undefined;
      },
    });
    await leader.start();
    const stopLogStream = streamLogs(
      logs,
      clustered ? (m) => hub.publishUnnumbered(m) : (m) => hub.publish(m),
    );
    const close = async () => {
      closing = true;
      await leader.stop();
      stopLogStream();
      services.servers.stop();
      ctx.rcon.closeAll();
      ctx.live.close();
      await ctx.live.idle();
      await feed?.stop();
      await stopReloadWatch?.();
      await storage.close();
    };
    const takeStream = takePublicStream(hub, feed?.caughtUp);
    const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (!takeStream(req, res)) {
        void express(req, res);
      }
    };
    return { express, handle, ctx, services, close };
  } catch (err) {
    await storage.close();
    throw err;
  }
}

/**
 * App log lines on the admin live stream. Published on the next turn, never from inside a log call
 * (the hub itself logs); the stream's own lines stay off it.
 */
function streamLogs(logs: LogRing, publish: (message: LivePayload) => void): () => void {
  return logs.onEntry((entry) => {
    if (entry.module !== 'live') {
      setImmediate(() => publish({ topic: 'log', entry }));
    }
  });
}

export { startServer, type RunningServer } from './start-server.js';
