import { Bootstrapper } from './bootstrap.js';
import { hostnameFromFormat } from './hostname-format.js';
import { parseCommand, splitStatements } from './console-line.js';
import type { ConvarStore } from './convars.js';
import { uploadDemo } from './demo-upload.js';
import type { DemoJob } from './demo-upload.js';
import type { JsonObject } from './dotnet-json.js';
import { payloads } from './event-payloads.js';
import type { EventPublisher } from './event-publisher.js';
import { isVersion2 } from './flavours.js';
import type { FlavourNames } from './flavours.js';
import type { FlowHost, TournamentStatus } from './flow-host.js';
import { sleepRealMs, untilCancelled } from './game-clock.js';
import type { GameClock } from './game-clock.js';
import { buildReport, ReportUploader } from './match-report.js';
import type { MatchFlow } from './match-flow.js';
import { createConvars, emptySettings, persistSettings, reportConvarNames } from './plugin-settings.js';
import type { IntegrationSettings } from './plugin-settings.js';
import { runStatement } from './console-commands.js';
import { mapAfterChange } from './map-change.js';
import { MatchLoader } from './match-loader.js';
import type { MatchState } from './match-state.js';
import { uploadRoundBackup } from './round-backup-transfer.js';
import type { InstalledBuild, LogEntry, PluginCoreOptions } from './plugin-core-options.js';

export type {
  DatabaseHealth,
  InstalledBuild,
  LogEntry,
  PluginCoreOptions,
  PluginRecorder,
} from './plugin-core-options.js';

const HEALTH_POLL_SECONDS = 10;
const MIN_HEALTH_POLL_MS = 50;

/**
 * The plugin inside one run of the game server: settings, status convars, the console, server
 * events, bootstrap, reports, demos and the loaded match. A restart builds a new one from what the
 * plugin persisted.
 */
export class PluginCore implements FlowHost {
  readonly convars: ConvarStore;
  readonly settings: IntegrationSettings;
  readonly bootstrapper: Bootstrapper;
  readonly reports: ReportUploader;
  readonly loader: MatchLoader;
  currentMap: string;
  /**
   * GOTV joins a map only when the map loads with `tv_enable 1`: turning it on later does not help
   * that map (PROTOCOL.md 3.3.1).
   */
  gotvActive: boolean;
  private readonly lifetime = new AbortController();
  private readonly detached = new Set<Promise<void>>();
  /** Loops that run as long as the server does. */
  private readonly daemons: Promise<void>[] = [];
  private console: Promise<unknown> = Promise.resolve();

  constructor(readonly options: PluginCoreOptions) {
    const { names, persisted, recorder } = options;
    this.convars = createConvars(names, options.hostname, persisted);
    this.convars.set('tv_enable', options.tvEnable ? '1' : '0');
    this.settings = { ...emptySettings(), ...persisted?.settings };
    this.currentMap = options.map;
    this.gotvActive = this.convars.getBool('tv_enable');
    this.convars.onChange((name) => {
      if (reportConvarNames(names).includes(name)) {
        this.persist();
      }
    });
    this.bootstrapper = new Bootstrapper({
      rule: isVersion2(names.version) ? 'debounced' : 'immediate',
      debounceMs: options.bootstrapDebounceMs,
      antiSpamMs: options.bootstrapAntiSpamMs,
      tokenHeader: names.tokenHeader,
      target: () => ({
        url: this.settings.bootstrapUrl,
        token: this.settings.bootstrapToken,
        serverId: this.settings.serverId,
      }),
      execute: (line) => this.execute(line),
      warn: (message) => this.log('warn', message),
      onFetch: (fetch) => recorder.bootstrap(fetch),
      signal: this.signal,
      unreachable: options.unreachable,
    });
    this.reports = new ReportUploader({
      clock: options.clock,
      tokenHeader: names.tokenHeader.toLowerCase(),
      onAttempt: (attempt) => recorder.report(attempt),
    });
    this.loader = new MatchLoader(this, options.loader);
  }

  get names(): FlavourNames {
    return this.options.names;
  }

  get clock(): GameClock {
    return this.options.clock;
  }

  get liveStatus(): TournamentStatus {
    return this.options.liveStatus;
  }

  get gameBuild(): InstalledBuild {
    return this.options.gameBuild();
  }

  get defaultDemoSizeBytes(): number {
    return this.options.defaultDemoSizeBytes;
  }

  get publisher(): EventPublisher {
    return this.options.publisher;
  }

  get signal(): AbortSignal {
    return this.lifetime.signal;
  }

  get flow(): MatchFlow | null {
    return this.loader.flow;
  }

  /**
   * Plugin start: status, the bootstrap fetch, then the startup server events (PROTOCOL.md 8.2). A
   * start after a crash plays no match: the plugin's `Load` only runs `AutoStart()` and sends
   * `server_configured` by `Startup` at +5 s (1.4.21 sivert-io/MatchZy-Enhanced src/MatchZy.cs, 2.x
   * Auto-Tournament/MatchZy-Enhanced src/AutoTournamentCS2.cs).
   */
  start(): void {
    const autostart = this.convars.getNumber(`${this.names.prefix}autostart_mode`) === 1;
    this.setStatus(autostart ? 'warmup' : 'idle');
    this.runDetached(async (signal) => {
      this.bootstrapper.start();
      await this.bootstrapper.settled();
      await this.clock.sleep(5, signal);
      this.sendServerConfigured('Startup');
      await this.sendServerHealth('startup');
    });
    this.daemons.push(untilCancelled(() => this.watchHealth(this.signal)));
  }

  stop(): void {
    this.loader.flow?.cancel();
    this.lifetime.abort();
  }

  /** Resolves when every background task of this run has finished (the daemons aside). */
  async settled(): Promise<void> {
    await this.bootstrapper.settled();
    while (this.detached.size > 0) {
      await Promise.all(this.detached);
    }
    await this.reports.settled();
  }

  /** After `stop()`: resolves when everything of this run has wound down. */
  async stopped(): Promise<void> {
    await Promise.all([this.settled(), ...this.daemons]);
  }

  /** Runs a console line: statements in order, one console at a time like the game's main thread. */
  execute(line: string): Promise<string> {
    const run = this.console.then(async () => {
      const outputs: string[] = [];
      for (const statement of splitStatements(line)) {
        outputs.push(await this.runInConsole(statement));
      }
      return outputs.filter(Boolean).join('\n');
    });
    this.console = run.catch(() => undefined);
    return run;
  }

  /** Runs one statement from inside a command (already holding the console). */
  runInConsole(statement: string): Promise<string> {
    return runStatement(this, parseCommand(statement, this.options.breakOnSpecialCharacters));
  }

  emit(payload: JsonObject): Promise<void> {
    return this.publisher.publish(payload, this.signal);
  }

  emitSoon(payload: JsonObject): void {
    this.runDetached(() => this.emit(payload));
  }

  /** Simulation runs the game at `host_timescale`; an idle server is back to 1. */
  setTimescale(timescale: number): void {
    this.clock.setTimescale(timescale);
    this.convars.set('host_timescale', String(timescale));
  }

  setStatus(status: TournamentStatus, match?: string): void {
    if (status === 'idle') {
      this.setTimescale(1);
    }
    const { prefix } = this.names;
    this.convars.set(`${prefix}tournament_status`, status);
    if (match) {
      this.convars.set(`${prefix}tournament_match`, match);
    }
    this.convars.set(`${prefix}tournament_updated`, String(this.clock.unixNow()));
    this.options.recorder.status(status);
  }

  get status(): string {
    return this.convars.get(`${this.names.prefix}tournament_status`);
  }

  reportChanged(): void {
    this.reports.trigger(this.reportTarget(), this.buildReport(), this.signal);
  }

  reportTarget(): { endpoint: string; serverId: string; token: string } {
    const { prefix } = this.names;
    return {
      endpoint: this.convars.get(`${prefix}report_endpoint`),
      serverId: this.convars.get(`${prefix}report_server_id`),
      token: this.convars.get(`${prefix}report_token`),
    };
  }

  buildReport(): JsonObject {
    const { prefix } = this.names;
    return buildReport({
      serverId: this.convars.get(`${prefix}report_server_id`),
      state: this.flow?.state ?? null,
      matchId: this.loader.lastMatchId,
      tournamentStatus: this.status,
      tournamentMatch: this.convars.get(`${prefix}tournament_match`),
      tournamentUpdated: this.convars.getNumber(`${prefix}tournament_updated`),
      loadedConfig: this.loader.loadedConfig,
      remoteLogUrl: this.settings.remoteLogUrl,
      moduleVersion: this.names.version,
      minimumReadyRequired: this.convars.getNumber(`${prefix}minimum_ready_required`),
    });
  }

  demoUploadTarget(): Pick<DemoJob, 'url' | 'headerKey' | 'headerValue'> {
    const { demoUploadUrl, demoUploadHeaderKey, demoUploadHeaderValue } = this.settings;
    return { url: demoUploadUrl, headerKey: demoUploadHeaderKey, headerValue: demoUploadHeaderValue };
  }

  uploadDemo(job: DemoJob, signal: AbortSignal): Promise<void> {
    return uploadDemo(job, {
      clock: this.clock,
      emit: (payload) => this.emit(payload),
      onAttempt: (attempt) => this.options.recorder.demo(attempt),
      signal,
      unreachable: this.options.unreachable,
    });
  }

  /** Every round start's backup, posted in the background (round-backup-transfer.ts). */
  uploadRoundBackup(state: MatchState): void {
    uploadRoundBackup(this, state);
  }

  changeLevel(map: string): void {
    this.currentMap = map;
    this.gotvActive = this.convars.getBool('tv_enable');
  }

  /** `hostname` from `hostname_format`, at the load and every round start (hostname-format.ts). */
  updateHostname(): void {
    const state = this.flow?.state;
    const format = this.convars.get(`${this.names.prefix}hostname_format`);
    const hostname = state ? hostnameFromFormat(format, state, this.clock.unixNow()) : null;
    if (hostname !== null) {
      this.convars.set('hostname', hostname);
    }
  }

  /** The plugin changes to a `maplist` entry the way its version does; some entries change nothing. */
  changeToMatchMap(entry: string): void {
    const after = mapAfterChange(
      entry,
      this.names.version,
      this.options.workshopMaps,
      this.options.installedMaps,
    );
    if ('map' in after) {
      this.changeLevel(after.map);
    } else {
      this.log('warn', `[ChangeMap] the map stays ${this.currentMap}: ${after.stays}`);
    }
  }

  runDetached(task: (signal: AbortSignal) => Promise<void>): void {
    const running = untilCancelled(() => task(this.signal)).catch((error: unknown) =>
      this.log('error', `Background task failed: ${String(error)}`),
    );
    this.detached.add(running);
    void running.then(() => this.detached.delete(running));
  }

  log(level: LogEntry['level'], message: string): void {
    this.options.recorder.log({ level, message });
  }

  crash(): void {
    this.options.crash();
  }

  armSeriesEndKick(kickDelay: number): Promise<void> {
    return this.loader.armSeriesEndKick(kickDelay);
  }

  persist(): void {
    this.options.recorder.persist(persistSettings(this.settings, this.convars, this.names));
  }

  /** Sent when the URL is set and at startup; needs a server id (PROTOCOL.md 2.4.21). */
  sendServerConfigured(configuredBy: 'Console' | 'Startup'): void {
    const { serverId, remoteLogUrl } = this.settings;
    if (!serverId || !remoteLogUrl) {
      return;
    }
    const server = {
      serverId,
      hostname: this.convars.get('hostname'),
      pluginVersion: this.names.version,
      remoteLogUrl,
    };
    // Headers are read when the event goes out: a URL set before its header races it (PROTOCOL.md 3.5).
    this.emitSoon(payloads.serverConfigured(server, this.clock.unixNow(), configuredBy));
  }

  async sendServerHealth(reason: 'startup' | 'change' | 'periodic'): Promise<void> {
    const { serverId } = this.settings;
    if (!serverId || !this.settings.remoteLogUrl) {
      return;
    }
    const server = { serverId, pluginVersion: this.names.version };
    await this.emit(payloads.serverHealth(server, this.clock.unixNow(), this.options.database(), reason));
  }

  /**
   * First check 10 s after start, then on every change (polled every 10 s), plus periodic reports.
   * The poll waits at least 50 real ms so a tiny time scale does not flood the receiver.
   */
  private async watchHealth(signal: AbortSignal): Promise<void> {
    await this.clock.sleep(10, signal);
    let known = this.options.database().ok;
    await this.sendServerHealth('change');
    let sincePeriodic = 0;
    for (;;) {
      const pollMs = Math.max(this.clock.toRealMs(HEALTH_POLL_SECONDS), MIN_HEALTH_POLL_MS);
      await sleepRealMs(pollMs, signal);
      sincePeriodic += pollMs / this.clock.msPerGameSecond;
      const health = this.options.database();
      if (health.ok !== known) {
        known = health.ok;
        await this.sendServerHealth('change');
      }
      const interval = this.options.healthIntervalSeconds;
      if (interval > 0 && sincePeriodic >= interval) {
        sincePeriodic = 0;
        await this.sendServerHealth('periodic');
      }
    }
  }
}
