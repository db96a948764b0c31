import type { ConvarStore } from './convars.js';
import type { DemoJob } from './demo-upload.js';
import type { JsonObject } from './dotnet-json.js';
import type { FlavourNames } from './flavours.js';
import type { GameClock } from './game-clock.js';
import type { MatchState } from './match-state.js';

/** Values of the tournament status convar (PROTOCOL.md section 6). */
export type TournamentStatus =
  | 'idle'
  | 'loading'
  | 'warmup'
  | 'knife'
  | 'playing'
  | 'live'
  | 'paused'
  | 'halftime'
  | 'postgame'
  | 'queued'
  | 'error';

/** What a running match needs from the server it runs on. */
export interface FlowHost {
  readonly clock: GameClock;
  readonly convars: ConvarStore;
  readonly names: FlavourNames;
  /** `playing` (plugin HEAD) or `live` (v1.4.21 tag). */
  readonly liveStatus: TournamentStatus;
  readonly defaultDemoSizeBytes: number;
  /** Publishes an event; resolves when its first delivery attempt is over. */
  emit(payload: JsonObject): Promise<void>;
  /** Publishes an event in the background, as the plugin's fire-and-forget sends do. */
  emitSoon(payload: JsonObject): void;
  setStatus(status: TournamentStatus): void;
  /** A state change the automatic match report follows. */
  reportChanged(): void;
  demoUploadTarget(): Pick<DemoJob, 'url' | 'headerKey' | 'headerValue'>;
  /** Uploads a demo the way the plugin does. */
  uploadDemo(job: DemoJob, signal: AbortSignal): Promise<void>;
  /** Writes the round backup of this round start and uploads it in the background when a URL is set. */
  uploadRoundBackup(state: MatchState): void;
  changeLevel(map: string): void;
  /** Changes to a match's `maplist` entry as the plugin's version does (PROTOCOL.md 4.1). */
  changeToMatchMap(entry: string): void;
  /** GOTV joined the current map when it loaded (PROTOCOL.md 3.3.1). */
  readonly gotvActive: boolean;
  /** Applies `hostname_format` (PROTOCOL.md 5.1.2). */
  updateHostname(): void;
  /** Runs a task that outlives the match (demo uploads keep going into the next match). */
  runDetached(task: (signal: AbortSignal) => Promise<void>): void;
  log(level: 'info' | 'warn', message: string): void;
  /** The process dies and comes back (a scripted crash). */
  crash(): void;
  /**
   * Arms the end-of-series kick and reset, `kickDelay` game seconds on; it outlives the match (a reset
   * does not cancel it). Resolves when it has run.
   */
  armSeriesEndKick(kickDelay: number): Promise<void>;
}
