import { payloads } from './event-payloads.js';
import { sendRequest, dotnetStatusName, isSuccess } from './http-out.js';
import { cvarCommands, parseMatchConfig } from './match-config.js';
import type { MatchConfig } from './match-config.js';
import { MatchFlow } from './match-flow.js';
import { consoleReply, isVersion2 } from './flavours.js';
import { mapLoadRequired } from './map-load.js';
import type { MatchScript } from './match-script.js';
import type { PluginCore } from './plugin-core.js';

/** How a load attempt ended, with the plugin's reason when it refused. */
export interface LoadRecord {
  url: string;
  headers: Record<string, string>;
  /** HTTP status of the config fetch, `error` when unreachable, null when nothing was fetched. */
  outcome: number | 'error' | null;
  result: 'loaded' | 'queued' | 'refused' | 'unreachable' | 'http-error' | 'fatal' | 'invalid';
  reason: string;
  matchId?: number;
  /** `host_timescale` the loaded match plays at (above 1 in simulation). */
  timescale?: number;
}

export interface LoaderDeps {
  scriptFor: (config: MatchConfig) => MatchScript;
  /** True the first time a match id may play its scripted crash. */
  mayCrash: (matchId: number) => boolean;
}

/** Match loading and the end of a match's life on the server (PROTOCOL.md 3.7 and 4.3). */
export class MatchLoader {
  flow: MatchFlow | null = null;
  /** Events carry it; never reset, so a config without `matchid` reuses it. */
  lastMatchId = -1;
  loadedConfig = '';
  private teamIds: [string, string] = ['', ''];
  private queued: { url: string; headers: Record<string, string> } | null = null;
  private flowDone: Promise<void> = Promise.resolve();

  constructor(
    private readonly core: PluginCore,
    private readonly deps: LoaderDeps,
  ) {}

  /** `plugin_loadmatch_url`: fetches inside the command, so the RCON reply waits for the config. */
  async loadFromUrl(url: string, headers: Record<string, string>): Promise<string> {
    const prefix = consoleReply(this.core.names, '');
    const record = (
      result: LoadRecord['result'],
      reason: string,
      outcome: LoadRecord['outcome'] = null,
    ): void =>
      this.core.options.recorder.load({
        url,
        headers,
        outcome,
        result,
        reason,
        matchId: this.flow?.state.matchId,
        ...(result === 'loaded' ? { timescale: Number(this.core.convars.get('host_timescale')) } : {}),
      });
    if (this.flow) {
      const id = this.flow.state.matchId;
      // A load in the postgame is queued and fetched after the reset (1.4.21 sivert-io/MatchZy-Enhanced
      // src/MatchManagement.cs LoadMatchDataCommand; 2.0.0 Auto-Tournament/MatchZy-Enhanced the same file).
      if (this.core.status === 'postgame') {
        this.queued = { url, headers };
        this.core.setStatus('queued');
        this.core.convars.set(`${this.core.names.prefix}tournament_next_match`, lastPathSegment(url));
        record('queued', 'postgame');
        return `${prefix}[LoadMatchDataCommand] Current match ${id} is finishing. Queued next match from URL: ${url} to load after reset.`;
      }
      record('refused', 'match already set up');
      return `${prefix}[LoadMatchDataCommand] A match is already setup with id: ${id}, cannot load a new match!`;
    }
    if (!/^https?:\/\/[^\s/]+/i.test(url)) {
      record('refused', 'invalid URL');
      return `${prefix}[LoadMatchDataCommand] Invalid URL: ${url}. Please provide a valid URL to load the match!`;
    }
    let response;
    try {
      // The game's main thread waits for the config: game time stands still (Appendix B.10).
      const request = { method: 'GET', url, headers, timeoutMs: 100_000, signal: this.core.signal } as const;
      response = await this.core.clock.holding(() => sendRequest(request));
    } catch (error) {
      this.core.setStatus('error');
      this.core.log('error', `[LoadMatchFromURL - FATAL] An error occured: ${(error as Error).message}`);
      record('unreachable', (error as Error).message, 'error');
      return '';
    }
    if (!isSuccess(response.status)) {
      this.core.setStatus('error');
      record('http-error', `HTTP ${response.status}`, response.status);
      return `${prefix}[LoadMatchFromURL] HTTP request failed with status code: ${dotnetStatusName(response.status)}`;
    }
    const parsed = parseMatchConfig(response.body, {
      previousMatchId: this.lastMatchId,
      previousTeamIds: this.teamIds,
    });
    if (parsed.kind === 'fatal') {
      this.core.setStatus('error');
      this.core.log('error', `[LoadMatchFromURL - FATAL] An error occured: ${parsed.reason}`);
      record('fatal', parsed.reason, response.status);
      return '';
    }
    if (parsed.kind === 'invalid') {
      this.core.log('error', `[LoadMatchDataCommand] ${parsed.reason}`);
      this.core.setStatus('error');
      this.resetToIdle();
      record('invalid', parsed.reason, response.status);
      return `${prefix}Match load failed! Resetting current match`;
    }
    await this.start(parsed.config, url);
    record('loaded', '', response.status);
    return '';
  }

  /**
   * `css_endmatch`, `css_restart`: ResetMatch, without map result, series end or demo upload. It kills
   * the match's phase timers, not an end-of-series kick already armed (armSeriesEndKick). 2.0.0 drops a
   * queued load first and says so (src/ConsoleCommands.cs OnEndMatchCommand → ClearQueuedMatch);
   * 1.4.21's reset loads it at once (src/Utility.cs ResetMatch → TryLoadQueuedMatchAfterReset).
   */
  async endMatch(): Promise<string> {
    if (!this.flow) {
      return '';
    }
    const reply = isVersion2(this.core.names.version) && this.queued ? this.clearQueued() : '';
    this.flow.cancel();
    this.flow = null;
    this.resetToIdle();
    await this.loadQueuedNow();
    return reply;
  }

  /** `plugin_clear_queued_match` (2.0.0 src/MatchManagement.cs ClearQueuedMatchCommand). */
  clearQueued(): string {
    const prefix = `${this.core.names.prefix}`;
    const next = this.core.convars.get(`${prefix}tournament_next_match`);
    const had = this.queued !== null;
    this.queued = null;
    this.core.convars.set(`${prefix}tournament_next_match`, '');
    // Steps back from `queued`: the series still finishing, or nothing set up at all.
    if (this.core.status === 'queued') {
      this.core.setStatus(this.flow ? 'postgame' : 'idle');
    }
    return had
      ? `[MatchQueue] Cleared queued match ${next}; it will not be loaded. cleared_queued_match=${next}`
      : '[MatchQueue] No queued match to clear. cleared_queued_match=none';
  }

  /**
   * EndSeries' kick timer (src/MatchManagement.cs, both versions): an AddTimer nobody keeps, so no
   * reset cancels it. After `kickDelay` game seconds it kicks whoever is on the server, says idle, and
   * 2 s later resets whatever match is set up by then and loads a queued one. Resolves when done.
   */
  armSeriesEndKick(kickDelay: number): Promise<void> {
    return new Promise((resolve) =>
      this.core.runDetached(async (signal) => {
        try {
          await this.core.clock.sleep(kickDelay, signal);
          await this.flow?.kickEveryone();
          this.core.setStatus('idle');
          await this.core.clock.sleep(2, signal);
          this.seriesReset();
        } finally {
          resolve();
        }
      }),
    );
  }

  /** ResetMatch(false) after the kick: no match set up any more, and a queued load goes ahead. */
  private seriesReset(): void {
    this.flow?.cancel();
    this.flow = null;
    if (this.core.status !== 'idle') {
      this.core.setStatus('idle');
    }
    const queued = this.queued;
    this.queued = null;
    this.core.convars.set(`${this.core.names.prefix}tournament_next_match`, '');
    if (queued) {
      this.core.runDetached(async () => {
        await this.core.execute(
          `${this.core.names.prefix}loadmatch_url "${queued.url}"${headerArgs(queued.headers)}`,
        );
      });
    }
  }

  /** 1.4.21's TryLoadQueuedMatchAfterReset inside a console command: the fetch blocks the command. */
  private async loadQueuedNow(): Promise<void> {
    const queued = this.queued;
    this.queued = null;
    this.core.convars.set(`${this.core.names.prefix}tournament_next_match`, '');
    if (queued) {
      await this.loadFromUrl(queued.url, queued.headers);
    }
  }

  /** Resolves when the running match (if any) has ended. */
  async settled(): Promise<void> {
    await this.flowDone;
  }

  private async start(config: MatchConfig, url: string): Promise<void> {
    const { core } = this;
    core.setStatus('loading', String(config.matchId));
    this.lastMatchId = config.matchId;
    this.teamIds = [config.team1.id, config.team2.id];
    this.applyRemoteLogOverrides(config);
    if (config.maps[0] && mapLoadRequired(core, config)) {
      core.changeToMatchMap(config.maps[0]);
    }
    for (const command of cvarCommands(config.cvars, core.names.version)) {
      await core.runInConsole(command);
    }
    if (config.simulationTimescale !== undefined) {
      core.setTimescale(clampTimescale(config.simulationTimescale, core.names.version));
    }
    core.setStatus('warmup');
    this.loadedConfig = url;
    const flow = new MatchFlow(core, config, this.deps.scriptFor(config), () =>
      this.deps.mayCrash(config.matchId),
    );
    this.flow = flow;
    // After the config's cvars: the hostname format has the last word (src/MatchManagement.cs).
    core.updateHostname();
    const seriesStart = payloads.seriesStart(config.team1, config.team2, config.numMaps, config.matchId);
    this.flowDone = core.emit(seriesStart).then(() => flow.run());
    core.runDetached(() => this.flowDone);
  }

  private applyRemoteLogOverrides(config: MatchConfig): void {
    const { url, headerKey, headerValue } = config.remoteLog;
    const { settings } = this.core;
    if (url && /^https?:\/\//i.test(url)) {
      settings.remoteLogUrl = url;
    }
    if (headerKey) {
      settings.remoteLogHeaderKey = headerKey;
    }
    if (headerValue) {
      settings.remoteLogHeaderValue = headerValue;
    }
  }

  /** The plugin's full reset: a transient warmup, then idle. */
  private resetToIdle(): void {
    this.core.setStatus('warmup');
    this.core.setStatus('idle');
  }
}

/**
 * Enhanced clamps the timescale: 0.1–4 in MatchZy-Enhanced 1.4.21 src/MatchManagement.cs, 0.1–10 in 2.0.0
 * src/MatchManagement.cs (MatchLogic.ClampSimulationTimeScale); the spec dates the wider range from 1.4.25.
 */
function clampTimescale(timescale: number, pluginVersion: string): number {
  const [major = 0, minor = 0, patch = 0] = pluginVersion.split('.').map(Number);
  const upTo10 = major * 1_000_000 + minor * 1_000 + patch >= 1_004_025;
  return Math.min(Math.max(timescale, 0.1), upTo10 ? 10 : 4);
}

function lastPathSegment(url: string): string {
  const segment = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  return segment.replace(/\.[^.]*$/, '');
}

function headerArgs(headers: Record<string, string>): string {
  const [entry] = Object.entries(headers);
  return entry ? ` "${entry[0]}" "${entry[1]}"` : '';
}
