import type { LoadingService } from '../loading/index.js';
import type { MatchWriter } from '../matches/index.js';
import type { ServersService } from '../servers/index.js';
import type { SettingsService } from '../settings/index.js';
import type { VetoService } from '../veto/index.js';
import type { EmitMatchEvent } from '../webhooks/index.js';
import type { AttentionService } from '../attention/index.js';
import type { PlayersOf } from './player-busy.js';

/** What the allocation loop uses of the other features, and its options. */
export interface AllocationDeps {
  /** Runs first on every pass: moves waiting for a free server take it before queued matches. */
  beforeAllocating?: () => Promise<void>;
  servers: Pick<ServersService, 'list' | 'run' | 'record' | 'status'>;
  loading: Pick<LoadingService, 'loadMatch' | 'currentLoad' | 'endLoad' | 'unfetched'>;
  settings: Pick<SettingsService, 'read'>;
  /** Simulation mode completes pending vetoes with random legal actions. */
  veto: Pick<VetoService, 'completePending'>;
  /** The matches feature's writer: every change of a match's state. */
  matchWriter: Pick<MatchWriter, 'transition'>;
  emitMatchEvent: EmitMatchEvent;
  /** The waiting matches the tournament's timetable holds now (API.md decision 75). */
  timetableHolds(): Promise<ReadonlyMap<string, unknown>>;
  /** Servers busy with something that is no match of Matchday's (a test match, API.md decision 58). */
  busyOutsideMatches?(): Promise<ReadonlySet<string>>;
  /** Each team's players: a player in two tournaments is loaded into one match at a time. */
  playersOf?: PlayersOf;
  /** Where a match waiting for a busy player is noticed (API.md decision 73). */
  attention?: Pick<AttentionService, 'raise' | 'clear'>;
}

export interface AllocationOptions {
  /** A load whose config the server has not fetched by then is rolled back and tried elsewhere. */
  configFetchTimeoutMs?: number;
}
