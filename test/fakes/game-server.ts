import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { BootstrapFetch } from './bootstrap.js';
import type { DemoAttempt } from './demo-upload.js';
import type { JsonObject } from './dotnet-json.js';
import { payloads } from './event-payloads.js';
import { EventPublisher } from './event-publisher.js';
import type { EventAttempt, EventDeliveryFaults } from './event-publisher.js';
import { flavourNames } from './flavours.js';
import type { FlavourNames } from './flavours.js';
import { GameClock } from './game-clock.js';
import { installedMaps } from './map-change.js';
import type { LoadRecord } from './match-loader.js';
import type { ReportAttempt } from './match-report.js';
import type { MatchState } from './match-state.js';
import { PluginCore } from './plugin-core.js';
import type { DatabaseHealth, InstalledBuild, LogEntry } from './plugin-core.js';
import type { IntegrationSettings, PersistedSettings } from './plugin-settings.js';
import { RconServer } from './rcon-server.js';
import type { RconFaults } from './rcon-server.js';
import type { FakeGameServerOptions } from './game-server-options.js';

export type { FakeGameServerOptions } from './game-server-options.js';

/** Everything the fake did, as Node events (the arrays on the server hold the same records). */
export interface FakeGameServerEvents {
  event: [EventAttempt];
  report: [ReportAttempt];
  demo: [DemoAttempt];
  roundBackup: [DemoAttempt];
  bootstrap: [BootstrapFetch];
  load: [LoadRecord];
  status: [string];
  log: [LogEntry];
  command: [string];
}

const DEFAULT_WAIT_MS = 10_000;

/**
 * A CS2 game server running the tournament plugin, on loopback: Source RCON, the plugin's convars
 * and commands, bootstrap, match loading, scripted matches with the plugin's events, reports and
 * demo uploads, the retry queue, and crash/restart with what the plugin persists.
 */
export class FakeGameServer extends EventEmitter<FakeGameServerEvents> {
  readonly password: string;
  readonly names: FlavourNames;
  readonly clock: GameClock;
  /** Every event POST attempt, first tries and retries, in the order they finished. */
  readonly events: EventAttempt[] = [];
  readonly reports: ReportAttempt[] = [];
  readonly demos: DemoAttempt[] = [];
  /** Round backup uploads: the plugin sends them with the demo uploader (round-backup.ts). */
  readonly roundBackups: DemoAttempt[] = [];
  readonly bootstraps: BootstrapFetch[] = [];
  readonly loads: LoadRecord[] = [];
  readonly logs: LogEntry[] = [];
  /** Console lines received over RCON or through `execute`. */
  readonly commands: string[] = [];
  /** Every value the status convar took, in order. */
  readonly statusHistory: string[] = [];
  /** The plugin database's health as `server_health` reports it. */
  database: DatabaseHealth = { ok: true, type: 'sqlite', error: null };
  /** The CS2 build installed: what `version` and `status` report; an update replaces it at the next start. */
  installedBuild: InstalledBuild;
  private readonly publisher: EventPublisher;
  private readonly rcon: RconServer;
  private core: PluginCore | null = null;
  private persisted: PersistedSettings | undefined;
  private script: FakeGameServerOptions['script'];
  private readonly crashedMatchIds = new Set<number>();
  private pendingUpdate: InstalledBuild | null = null;
  private workerAbort = new AbortController();
  private retryWorker: Promise<void> = Promise.resolve();
  private port = 0;
  /** Bumped by every stop and restart, so a restart does not bring back a server stopped meanwhile. */
  private lifecycle = 0;

  constructor(private readonly options: FakeGameServerOptions = {}) {
    super();
    this.password = options.password ?? randomBytes(12).toString('hex');
    const names = flavourNames(options.flavour ?? 'plugin');
    this.names = { ...names, version: options.pluginVersion ?? names.version };
    this.clock = new GameClock(options.msPerGameSecond ?? 1000, options.wallClock);
    this.script = options.script;
    this.installedBuild = options.gameBuild ?? { buildId: 14100, patchVersion: '1.41.0.2' };
    this.publisher = new EventPublisher({
      clock: this.clock,
      settings: () => this.eventSettings(),
      onAttempt: (attempt) => this.record('event', this.events, attempt),
      unreachable: options.unreachableUrls ?? [],
    });
    this.rcon = new RconServer({
      password: this.password,
      dialect: options.rconDialect ?? 'cs2',
      execute: (line) => this.rconCommand(line),
      onAuthFailure: () => this.record('log', this.logs, { level: 'warn', message: 'RCON: bad password' }),
    });
  }

  get rconPort(): number {
    return this.port;
  }

  get running(): boolean {
    return this.core !== null;
  }

  /** The tournament status convar. */
  get status(): string {
    return this.core?.status ?? 'offline';
  }

  /** The map the server is on (a workshop map by its own name). */
  get currentMap(): string | null {
    return this.core?.currentMap ?? null;
  }

  /** GOTV joined the current map when it loaded (PROTOCOL.md 3.3.1). */
  get gotvActive(): boolean {
    return this.core?.gotvActive ?? false;
  }

  /** The loaded match, or null. */
  get match(): MatchState | null {
    return this.core?.flow?.state ?? null;
  }

  get settings(): Readonly<IntegrationSettings> | null {
    return this.core?.settings ?? null;
  }

  get rconFaults(): RconFaults {
    return this.rcon.faults;
  }

  /** Faults applied to the first delivery attempt of each event. */
  get eventFaults(): EventDeliveryFaults {
    return this.publisher.faults;
  }

  set eventFaults(faults: EventDeliveryFaults) {
    this.publisher.faults = faults;
  }

  /** Events in the retry queue (pending and failed). */
  get queuedEventCount(): number {
    return this.publisher.queuedCount;
  }

  setScript(script: FakeGameServerOptions['script']): void {
    this.script = script;
  }

  /** A convar's value, plugin names with their prefix (`plugin_tournament_status`). */
  convar(name: string): string {
    return this.core?.convars.get(name) ?? '';
  }

  async start(): Promise<void> {
    if (this.core) {
      return;
    }
    this.port = await this.rcon.listen(this.port);
    const core = this.createCore();
    this.core = core;
    this.workerAbort = new AbortController();
    this.retryWorker = this.publisher.runRetryWorker(this.workerAbort.signal);
    core.start();
  }

  /** Stops everything: matches, timers, uploads, RCON. Settings survive for a later `start()`. */
  async stop(): Promise<void> {
    this.lifecycle += 1;
    await this.shutDown();
  }

  /** A crash and restart: the match is gone, the RCON port and the plugin's persisted settings stay. */
  async restart(): Promise<void> {
    const lifecycle = ++this.lifecycle;
    this.record('log', this.logs, { level: 'warn', message: 'Server restarting' });
    await this.shutDown();
    if (this.options.restartDowntimeMs) {
      await new Promise((resolve) => setTimeout(resolve, this.options.restartDowntimeMs));
    }
    if (lifecycle === this.lifecycle) {
      await this.start();
    }
  }

  private async shutDown(): Promise<void> {
    const core = this.core;
    this.core = null;
    core?.stop();
    this.workerAbort.abort();
    await this.rcon.close();
    await Promise.all([core?.stopped(), this.retryWorker, this.publisher.settled()]);
  }

  /** Closes every RCON connection (a network blip); the listener stays up. */
  dropRconConnections(): void {
    this.rcon.dropConnections();
  }

  /** Runs a line on the server console (as RCON does, without a connection). */
  execute(line: string): Promise<string> {
    return this.rconCommand(line);
  }

  /**
   * Steam reports a newer build: `cs2_update_required`, and with no match the plugin quits; the host
   * installs the build before the server starts again.
   */
  async requireGameUpdate(requiredVersion: number, patchVersion = '1.41.1.0'): Promise<void> {
    const core = this.core;
    if (!core) {
      return;
    }
    this.pendingUpdate = { buildId: requiredVersion, patchVersion };
    const serverId = core.settings.serverId;
    await core.emit(payloads.cs2UpdateRequired(serverId, requiredVersion, 'available', this.clock.unixNow()));
    if (!core.flow) {
      await core.emit(
        payloads.cs2UpdateRequired(serverId, requiredVersion, 'shutdown', this.clock.unixNow()),
      );
      await this.stop();
    }
  }

  /** Payloads of delivered (2xx) events, oldest first, optionally of one name. */
  delivered(name?: string): JsonObject[] {
    return this.events
      .filter(
        (attempt) => typeof attempt.outcome === 'number' && attempt.outcome < 300 && attempt.outcome >= 200,
      )
      .filter((attempt) => name === undefined || attempt.name === name)
      .map((attempt) => attempt.payload);
  }

  /** The first POST attempt of an event with this name (and matching payload), past or future. */
  waitForEvent(
    name: string,
    predicate: (payload: JsonObject) => boolean = () => true,
    timeoutMs = DEFAULT_WAIT_MS,
  ): Promise<EventAttempt> {
    const matches = (attempt: EventAttempt): boolean => attempt.name === name && predicate(attempt.payload);
    return this.waitFor('event', this.events.find(matches), matches, `event ${name}`, timeoutMs);
  }

  waitForStatus(status: string, timeoutMs = DEFAULT_WAIT_MS): Promise<string> {
    const current = this.status === status ? status : undefined;
    return this.waitFor('status', current, (value) => value === status, `status ${status}`, timeoutMs);
  }

  /** Resolves when the loaded match has finished (series end and reset, or cancelled). */
  async matchFinished(): Promise<void> {
    await this.core?.loader.settled();
  }

  /**
   * Resolves when background work of this run is over: event sends, uploads, reports, bootstrap.
   * A demo upload scripted to never report keeps it waiting until `stop()`.
   */
  async settled(): Promise<void> {
    await this.core?.settled();
    await this.publisher.settled();
  }

  private waitFor<K extends 'event' | 'status'>(
    kind: K,
    already: FakeGameServerEvents[K][0] | undefined,
    matches: (value: FakeGameServerEvents[K][0]) => boolean,
    what: string,
    timeoutMs: number,
  ): Promise<FakeGameServerEvents[K][0]> {
    if (already !== undefined) {
      return Promise.resolve(already);
    }
    return new Promise((resolve, reject) => {
      const listener = (value: FakeGameServerEvents[K][0]): void => {
        if (matches(value)) {
          clearTimeout(timer);
          this.off(kind, listener as never);
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        this.off(kind, listener as never);
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      this.on(kind, listener as never);
    });
  }

  private createCore(): PluginCore {
    const { options } = this;
    this.installedBuild = this.pendingUpdate ?? this.installedBuild;
    this.pendingUpdate = null;
    return new PluginCore({
      names: this.names,
      clock: this.clock,
      publisher: this.publisher,
      persisted: this.persisted,
      hostname: options.hostname ?? 'Counter-Strike 2',
      map: options.map ?? 'de_dust2',
      workshopMaps: options.workshopMaps ?? {},
      installedMaps: installedMaps(options.missingMaps ?? []),
      liveStatus: options.liveStatus ?? 'playing',
      defaultDemoSizeBytes: options.demoSizeBytes ?? 1024 * 1024,
      bootstrapDebounceMs: options.bootstrapDebounceMs ?? 1500,
      bootstrapAntiSpamMs: options.bootstrapAntiSpamMs ?? 5000,
      tvEnable: options.tvEnable ?? false,
      healthIntervalSeconds: options.serverHealthIntervalSeconds ?? 60,
      breakOnSpecialCharacters: options.engineTokenizer ?? true,
      database: () => this.database,
      gameBuild: () => this.installedBuild,
      loader: {
        scriptFor: (config) =>
          typeof this.script === 'function' ? this.script(config) : (this.script ?? {}),
        mayCrash: (matchId) => {
          const first = !this.crashedMatchIds.has(matchId);
          this.crashedMatchIds.add(matchId);
          return first;
        },
      },
      crash: () => void this.restart(),
      unreachable: options.unreachableUrls ?? [],
      recorder: {
        status: (status) => this.record('status', this.statusHistory, status),
        log: (entry) => this.record('log', this.logs, entry),
        report: (attempt) => this.record('report', this.reports, attempt),
        demo: (attempt) =>
          attempt.filename.endsWith('.json')
            ? this.record('roundBackup', this.roundBackups, attempt)
            : this.record('demo', this.demos, attempt),
        bootstrap: (fetch) => this.record('bootstrap', this.bootstraps, fetch),
        load: (record) => this.record('load', this.loads, record),
        persist: (settings) => {
          this.persisted = settings;
        },
      },
    });
  }

  private eventSettings() {
    const core = this.core;
    const prefix = this.names.prefix;
    return {
      url: core?.settings.remoteLogUrl ?? '',
      headerKey: core?.settings.remoteLogHeaderKey ?? '',
      headerValue: core?.settings.remoteLogHeaderValue ?? '',
      enabled: core?.convars.getBool(`${prefix}events_enabled`) ?? false,
      retryIntervalSeconds: core?.convars.getNumber(`${prefix}event_retry_interval`) ?? 30,
    };
  }

  private rconCommand(line: string): Promise<string> {
    this.record('command', this.commands, line);
    return this.core ? this.core.execute(line) : Promise.resolve('');
  }

  private record<K extends keyof FakeGameServerEvents>(
    kind: K,
    list: FakeGameServerEvents[K][0][],
    value: FakeGameServerEvents[K][0],
  ): void {
    list.push(value);
    (this.emit as (event: K, value: FakeGameServerEvents[K][0]) => boolean)(kind, value);
  }
}
