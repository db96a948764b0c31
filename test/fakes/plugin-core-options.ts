import type { BootstrapFetch } from './bootstrap.js';
import type { DemoAttempt } from './demo-upload.js';
import type { EventPublisher } from './event-publisher.js';
import type { FlavourNames } from './flavours.js';
import type { TournamentStatus } from './flow-host.js';
import type { GameClock } from './game-clock.js';
import type { ReportAttempt } from './match-report.js';
import type { LoadRecord, LoaderDeps } from './match-loader.js';
import type { PersistedSettings } from './plugin-settings.js';

/** What a plugin core is built from and reports to (plugin-core.ts). */

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
}

/** Where the plugin's outward activity is recorded. */
export interface PluginRecorder {
  status(status: string): void;
  log(entry: LogEntry): void;
  report(attempt: ReportAttempt): void;
  demo(attempt: DemoAttempt): void;
  bootstrap(fetch: BootstrapFetch): void;
  load(record: LoadRecord): void;
  persist(settings: PersistedSettings): void;
}

export interface DatabaseHealth {
  ok: boolean;
  type: 'sqlite' | 'mysql';
  error: string | null;
}

/** The CS2 build in the server's steam.inf: `ServerVersion` (the build) and `PatchVersion`. */
export interface InstalledBuild {
  buildId: number;
  patchVersion: string;
}

export interface PluginCoreOptions {
  names: FlavourNames;
  clock: GameClock;
  publisher: EventPublisher;
  persisted: PersistedSettings | undefined;
  recorder: PluginRecorder;
  hostname: string;
  map: string;
  workshopMaps: Record<string, string>;
  /** The game maps this server has (a partial install lacks some). */
  installedMaps: ReadonlySet<string>;
  liveStatus: TournamentStatus;
  defaultDemoSizeBytes: number;
  bootstrapDebounceMs: number;
  bootstrapAntiSpamMs: number;
  tvEnable: boolean;
  healthIntervalSeconds: number;
  breakOnSpecialCharacters: boolean;
  database: () => DatabaseHealth;
  gameBuild: () => InstalledBuild;
  loader: LoaderDeps;
  crash: () => void;
  /** URL prefixes the server cannot reach (game-server-options.ts `unreachableUrls`). */
  unreachable: readonly string[];
}
