import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseAllTokens, type ApiToken } from './auth/tokens.js';
import { platformIdSchema } from '../shared/contracts/common.js';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every variable of API.md's configuration table; each is also settable as a `--flag`. */
const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be 0 to 65535')
    .max(65535, 'must be 0 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://192.168.1.10:3000' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  MATCHDAY_DATA_DIR: z.string().min(1).default('./data'),
  MATCHDAY_FILES_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .transform((v) => v.split(',').map((part) => part.trim()))
    .refine((parts) => parts.every((part) => net.isIP(part.split('/')[0]!) !== 0), {
      error: 'must be comma-separated addresses or subnets of the load balancers, e.g. 10.0.0.5,10.1.0.0/16',
    })
    .optional(),
  DATABASE_URL: z
    .string()
    .default('')
    .refine((url) => url === '' || /^postgres(ql)?:\/\/./.test(url), {
      error: 'must be empty (the SQLite file in the data folder) or a postgres:// URL',
    })
    .transform((url) => url || undefined),
  API_TOKENS: z.string().optional(),
  API_TOKENS_READONLY: z.string().optional(),
  API_TOKENS_INTEGRATOR: z.string().optional(),
  SERVER_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  ALLOW_UNAUTHENTICATED_EVENTS: booleanString.default(false),
  ADMIN_PLATFORM_IDS: z
    .string()
    .default('')
    .transform((raw) => raw.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(platformIdSchema)),
  PLUGIN_ENABLE_SIMULATION_IN_PROD: booleanString.default(false),
  DEMO_MAX_MB: z.coerce
    .number({ error: 'must be a number of MiB' })
    .int('must be a whole number of MiB')
    .min(1, 'must be at least 1')
    .default(2048),
  LIVE_MAX_VIEWERS: z.coerce
    .number({ error: 'must be a number of viewers' })
    .int('must be a whole number of viewers')
    .min(1, 'must be at least 1')
    .default(5000),
  MDNS_NAME: z
    .string()
    .regex(
      /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i,
      'must be one DNS label: letters, digits and hyphens, such as matchday',
    )
    .optional(),
  WORKSHOP_LOOKUP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.steampowered.com/ISteamRemoteStorage/GetPublishedFileDetails/v1/'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  NODE_ENV: z.string().optional(),
});

export type EnvInput = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  /** Demos and round backups (a volume every instance shares in a cluster, decision 72); default the data folder. */
  filesDir: string;
  /** PostgreSQL's connection URL; undefined = the SQLite file in the data folder (API.md decision 68). */
  databaseUrl: string | undefined;
  /**
   * Proxies whose X-Forwarded-For/-Proto are believed (client address for rate limits, https for cookies).
   * A proxy on this machine (loopback) always is; others only when TRUST_PROXY names them (off by default).
   */
  trustProxy: string[];
  apiTokens: ApiToken[];
  /** Given by the environment; otherwise generated once and stored in the database. */
  serverToken: string | undefined;
  allowUnauthenticatedEvents: boolean;
  adminPlatformIds: string[];
  enableSimulationInProd: boolean;
  /** The largest demo upload accepted, in bytes. */
  demoMaxBytes: number;
  /** Public live streams open at once; one more is answered 503 with Retry-After. */
  liveMaxViewers: number;
  /** Announce http://<name>.local:<port> on the LAN (mDNS); undefined = off. */
  mdnsName: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** The published-file details API the workshop lookup asks (a mirror or a test server may stand in). */
  workshopLookupUrl: string;
  /** The packaged desktop app or NODE_ENV=production (API.md decision 4). */
  production: boolean;
  /** Start-up warnings (ignored tokens); never contain a secret. */
  warnings: string[];
}

const SHORT_FLAGS: Partial<Record<string, string>> = {
  'data-dir': 'MATCHDAY_DATA_DIR',
  'files-dir': 'MATCHDAY_FILES_DIR',
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * `--public-url=x` or `--public-url x` -> PUBLIC_URL; `--data-dir` and `--files-dir` are short for
 * MATCHDAY_DATA_DIR and MATCHDAY_FILES_DIR.
 */
export function flagsToEnv(argv: readonly string[]): EnvInput {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      throw new ConfigError(`Unexpected argument "${arg}": options look like --port=3000.`);
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    let value: string;
    if (eq !== -1) {
      value = arg.slice(eq + 1);
    } else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) {
      value = argv[++i]!;
    } else {
      value = 'true';
    }
    const variable = SHORT_FLAGS[name] ?? name.toUpperCase().replace(/-/g, '_');
    if (!(variable in envSchema.shape)) {
      throw new ConfigError(`Unknown option --${name}.`);
    }
    out[variable] = value;
  }
  return out as EnvInput;
}

/** Validates the configuration; a bad value throws one clear line naming the variable. */
export function loadConfig(
  env: Partial<Record<string, string>>,
  argv: readonly string[] = [],
  options: { packaged?: boolean; cwd?: string } = {},
): AppConfig {
  const merged: Record<string, string | undefined> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    // An empty variable counts as unset, as shells and .env files often leave them.
    if (value !== undefined && value !== '') {
      merged[key] = value;
    }
  }
  Object.assign(merged, flagsToEnv(argv));
  const parsed = envSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'configuration');
    throw new ConfigError(`Invalid ${variable}: ${issue.message}.`);
  }
  const e = parsed.data;
  const tokens = parseAllTokens(merged);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    dataDir: path.resolve(options.cwd ?? process.cwd(), e.MATCHDAY_DATA_DIR),
    filesDir: path.resolve(options.cwd ?? process.cwd(), e.MATCHDAY_FILES_DIR ?? e.MATCHDAY_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    trustProxy: ['loopback', ...(e.TRUST_PROXY ?? [])],
    apiTokens: tokens.tokens,
    serverToken: e.SERVER_TOKEN,
    allowUnauthenticatedEvents: e.ALLOW_UNAUTHENTICATED_EVENTS,
    adminPlatformIds: e.ADMIN_PLATFORM_IDS,
    enableSimulationInProd: e.PLUGIN_ENABLE_SIMULATION_IN_PROD,
    demoMaxBytes: e.DEMO_MAX_MB * 1024 * 1024,
    liveMaxViewers: e.LIVE_MAX_VIEWERS,
    mdnsName: e.MDNS_NAME,
    logLevel: e.LOG_LEVEL,
    workshopLookupUrl: e.WORKSHOP_LOOKUP_URL,
    production: Boolean(options.packaged) || e.NODE_ENV === 'production',
    warnings: tokens.warnings,
  };
}
