// Serving the app: the HTTP server on a free port, the LAN addresses and mDNS, the data swap of a restore.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataChange, ServerAddresses } from './context.js';
import { nextFreePort, PortTakenError } from './net/free-port.js';
import { announceMdns } from './net/mdns.js';
import { watchLanUrls } from './net/address-watch.js';
import { lanUrlsFor, localUrlFor } from './net/lan-address.js';
import { defaultRouteInterface, systemInterfaces } from './net/system-interfaces.js';
import { expressMessages } from './http/express-messages.js';
import { createApp, type App, type AppDeps } from './index.js';

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
async function swappableApp(deps: AppDeps) {
  let reachable: { publicUrl: string; addresses: ServerAddresses } | undefined;
  const messages = expressMessages();
  const build = async () => {
    const app = await createApp({ ...deps, replaceData });
    Object.assign(app.ctx, reachable);
    messages.adopt(app.express);
    return app;
  };
  // Requests arriving from close to rebuild wait for the new app: none is served by a half-swapped one.
  let swapping: Promise<void> | undefined;
  async function replaceData(change: DataChange): Promise<void> {
    let swapped!: () => void;
    swapping = new Promise<void>((resolve) => (swapped = resolve));
    try {
      await current.close();
      try {
        change.apply();
        current = await build();
      } catch (err) {
        change.undo();
        current = await build();
        throw err;
      }
    } finally {
      swapping = undefined;
      swapped();
    }
  }
  let current = await build();
  return {
    get current() {
      return current;
    },
    /** The classes the HTTP server builds requests and responses with. */
    messages,
    handle(req: http.IncomingMessage, res: http.ServerResponse): void {
      if (swapping) {
        void swapping.then(() => current.handle(req, res));
      } else {
        current.handle(req, res);
      }
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
  const app = await swappableApp(deps);
  const server = http.createServer(
    { IncomingMessage: app.messages.IncomingMessage, ServerResponse: app.messages.ServerResponse },
    (req, res) => app.handle(req, res),
  );
  // SSE streams and game-server uploads are long; don't let Node cut them.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 5000;
  try {
    await listen(server, deps.config.port, deps.config.host);
  } catch (err) {
    await app.current.close();
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
      await app.current.close();
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
