import { Writable } from 'node:stream';
import { loadConfig } from '../../server/config.js';
import { startServer, type RunningServer } from '../../server/index.js';
import type { Clock } from '../../server/clock.js';
import type { IdentityEndpoints } from '../../server/features/auth/providers/endpoints.js';
import type { LiveHubOptions } from '../../server/live/hub.js';
import type { HostResolver } from '../../server/net/resolver.js';
import { databaseUrlFor } from './postgres.js';
import { tempDir } from './temp-dir.js';

/** Tokens every test server accepts (secrets of 16+ characters). */
export const TOKENS = {
  admin: 'admin-token-0123456789',
  readonly: 'readonly-token-0123456789',
  integrator: 'integrator-token-0123456789',
  server: 'server-token-0123456789',
} as const;

export type TokenKind = keyof typeof TOKENS;

/** The variables that make a Matchday accept `TOKENS` (also for one started as a child process). */
export const TOKEN_ENV = {
  API_TOKENS: `admin:${TOKENS.admin}`,
  API_TOKENS_READONLY: `reader:${TOKENS.readonly}`,
  API_TOKENS_INTEGRATOR: `website:${TOKENS.integrator}`,
  SERVER_TOKEN: TOKENS.server,
};

export interface TestServer {
  url: string;
  dataDir: string;
  running: RunningServer;
  /** Every log line written so far, as text. */
  logs: string[];
  request(method: string, urlPath: string, options?: RequestOptions): Promise<TestResponse>;
  stop(): Promise<void>;
}

export interface RequestOptions {
  token?: TokenKind | null;
  /** Sent as JSON unless it is a string (sent raw). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // Tests read arbitrary JSON shapes from it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  dataDir?: string;
  clock?: Clock;
  random?: () => number;
  rendererDir?: string;
  live?: LiveHubOptions;
  resolveHost?: HostResolver;
  identityEndpoints?: Partial<IdentityEndpoints>;
}

/** A real Matchday on 127.0.0.1, port 0, with its own temporary data folder. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDir('matchday-test-');
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      // MATCHDAY_TEST_LOGS=1 shows the server's log while a test runs (when a failure needs the why).
      if (process.env.MATCHDAY_TEST_LOGS) {
        process.stderr.write(chunk);
      }
      callback();
    },
  });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MATCHDAY_DATA_DIR: dataDir,
    ...TOKEN_ENV,
    LOG_LEVEL: 'info',
    ...(await databaseUrlFor(dataDir)),
    ...options.env,
  });
  const running = await startServer({
    config,
    clock: options.clock,
    random: options.random,
    logDestination: destination,
    rendererDir: options.rendererDir,
    live: options.live,
    resolveHost: options.resolveHost,
    identityEndpoints: options.identityEndpoints,
  });
  const url = running.localUrl;

  const request = requester(url);

  return {
    url,
    dataDir,
    running,
    logs,
    request,
    stop: () => running.stop(),
  };
}

/** Requests to a Matchday at `url` with the test tokens (admin unless told), JSON bodies read back. */
export function requester(url: string): TestServer['request'] {
  return async function request(method, urlPath, opts = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token === undefined ? 'admin' : opts.token;
    if (token === 'server') {
      headers['X-Plugin-Token'] = TOKENS.server;
    } else if (token) {
      headers.Authorization = `Bearer ${TOKENS[token]}`;
    }
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(url + urlPath, { method, headers, body, redirect: 'manual' });
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
      // A live stream never ends: its status and headers are what such a request can check.
      await res.body?.cancel();
      return { status: res.status, headers: res.headers, body: undefined, text: '' };
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (HTML, a file): tests read `text`.
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
}
