import { appVersion } from './app-root.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.js';
import { systemClock, type Clock } from './clock.js';
import type { AppContext } from './context.js';
import { closeDatabase, openDatabase } from './db/open.js';
import { createServices, registerRoutes, seedDefaults, type Services } from './features/index.js';
import { createMetaRepo } from './features/meta/repo.js';
import { createHttpApp } from './http/app.js';
import { defaultRendererDir } from './http/static.js';
import { createLogger } from './logger.js';
import { lanUrlsFor, localUrlFor, systemInterfaces } from './net/lan-address.js';
import { generateSecret, SecretRegistry } from './secrets.js';

export interface AppDeps {
  config: AppConfig;
  clock?: Clock;
  /** Log lines go here instead of stdout (tests read them back). */
  logDestination?: DestinationStream;
  rendererDir?: string;
}

export interface App {
  express: Express;
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
  const logger = createLogger({ level: config.logLevel, secrets, destination: deps.logDestination });
  for (const warning of config.warnings) {
    logger.warn({ module: 'config' }, warning);
  }
  const db = openDatabase(config.dataDir);
  try {
    const serverToken = config.serverToken ?? createMetaRepo(db).getOrCreate('server_token', generateSecret);
    secrets.add(serverToken);
    const ctx: AppContext = {
      config,
      db,
      logger,
      secrets,
      clock: deps.clock ?? systemClock,
      serverToken,
      version: appVersion(),
      publicUrl: config.publicUrl ?? `http://127.0.0.1:${config.port}`,
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
      },
      register: (routes) => registerRoutes(routes, ctx, services, startedAtMs),
    });
    return { express, ctx, services, close: () => closeDatabase(db) };
  } catch (err) {
    closeDatabase(db);
    throw err;
  }
}

export interface RunningServer {
  app: App;
  port: number;
  /** http://127.0.0.1:<port>: the desktop window and local scripts use it. */
  localUrl: string;
  /** What players on the LAN open, best first. */
  lanUrls: string[];
  /** Ordered: stop accepting, finish in-flight requests, stop jobs, checkpoint and close SQLite. */
  stop(): Promise<void>;
}

const DRAIN_TIMEOUT_MS = 5000;

export async function startServer(deps: AppDeps): Promise<RunningServer> {
  const app = createApp(deps);
  const server = http.createServer(app.express);
  // SSE streams and game-server uploads are long; don't let Node cut them.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 5000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(deps.config.port, deps.config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    app.close();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  const lanUrls = lanUrlsFor(deps.config.host, port, systemInterfaces());
  const localUrl = localUrlFor(deps.config.host, port);
  app.ctx.publicUrl = deps.config.publicUrl ?? lanUrls[0] ?? localUrl;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
      await closed;
      clearTimeout(timer);
      app.close();
      app.ctx.logger.flush();
    })();
    return stopping;
  };
  return { app, port, localUrl, lanUrls, stop };
}
