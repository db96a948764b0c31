import type { AppContext } from '../../context.js';
import type { RecoveredMatch } from '../../../shared/contracts/recovery.js';
import { mapsRanOut } from '../../../shared/domain/match-progress.js';
import {
  reconcileMatch,
  type RecoveryDecision,
  type ServerReading,
} from '../../../shared/domain/match-recovery.js';
import { pluginName } from '../../integrations/plugin/flavours.js';
import type { LoadingService } from '../loading/index.js';
import { playList, type MatchRecord, type MatchWriter } from '../matches/index.js';
import type { PluginEventsService, ReplaySummary } from '../plugin-events/index.js';
import type { ServersService } from '../servers/index.js';
import type { EmitMatchEvent } from '../webhooks/index.js';

export interface RecoveryDeps {
  servers: Pick<ServersService, 'status' | 'run' | 'record'>;
  pluginEvents: Pick<PluginEventsService, 'replay' | 'hasStoredSeriesEnd' | 'finishSeries'>;
  loading: Pick<LoadingService, 'endLoad' | 'currentLoad'>;
  /** Runs the allocation loop soon (a requeued match waits for a server again). */
  allocate(): void;
  /** The matches feature's writer: every change of a match's state. */
  matchWriter: Pick<MatchWriter, 'transition'>;
  emitMatchEvent: EmitMatchEvent;
}

/** The spec's default replay window: the last hour. */
export const REPLAY_WINDOW_S = 3600;

/** How long a load sent by this run may go unconfirmed before recovery treats it as lost. */
const LOAD_IN_FLIGHT_S = 30;

/**
 * Match recovery (spec, Recovery): every loaded or live match is reconciled with its server's status
 * convars, the stored event log and a fresh report; `match-recovery` decides, this service acts.
 */
export function createRecoveryService(ctx: AppContext, deps: RecoveryDeps) {
  const matches = ctx.repos.matches;
  const events = ctx.repos.pluginEvents;
  let running: Promise<RecoveredMatch[]> | undefined;
  // A load sent before this process started is not under way any more, however recent.
  const startedAt = ctx.clock.now();

  async function loadInFlight(slug: string): Promise<boolean> {
    const load = await deps.loading.currentLoad(slug);
    const now = ctx.clock.now();
    return (
      load !== undefined &&
      load.fetchedAt === null &&
      load.createdAt >= startedAt &&
      now - load.createdAt < LOAD_IN_FLIGHT_S
    );
  }

  async function readServer(serverId: string | null): Promise<ServerReading | null> {
    if (serverId === null) {
      return null;
    }
    try {
      const { live, rconError } = await deps.servers.status(serverId);
      return live ? { reachable: true, ...live } : { reachable: false, error: rconError ?? 'no answer' };
    } catch (err) {
      return { reachable: false, error: (err as Error).message };
    }
  }

  /** Asks the plugin for a match report; it arrives on the report endpoint (the RCON reply is empty). */
  function requestReport(serverId: string): void {
    void (async () => {
      const { flavour } = await deps.servers.record(serverId);
      await deps.servers.run(serverId, pluginName(flavour, 'match_report'));
    })().catch((err: unknown) =>
      ctx.logger.warn({ module: 'recovery', server: serverId, err }, 'could not request a match report'),
    );
  }

  /** Stores the decision's state change; the match is read again, as events may have moved it meanwhile. */
  async function act(match: MatchRecord, decision: RecoveryDecision, seriesEndStored: boolean) {
    const { slug } = match;
    switch (decision.action) {
      case 'end_series':
        if (seriesEndStored) {
          await deps.pluginEvents.replay(slug, 0);
        } else {
          await deps.pluginEvents.finishSeries(slug);
        }
        return;
      case 'mark_live':
        await ctx.sql.tx(async () => {
          const now = await matches.get(slug);
          if (now?.status === 'loaded') {
            await deps.matchWriter.transition(now, 'go_live');
          }
        });
        ctx.live.matches(slug);
        return;
      case 'requeue': {
        const requeued = await ctx.sql.tx(async () => {
          const now = await matches.get(slug);
          if (now?.status !== 'loaded') {
            return false;
          }
          await deps.loading.endLoad(slug);
          await deps.matchWriter.transition(now, 'load_failed', { serverId: null, loadedAt: null });
          await deps.emitMatchEvent('match.reset', slug, { reason: 'recovery_requeued' });
          return true;
        });
        if (requeued) {
          ctx.live.matches(slug);
          deps.allocate();
        }
        return;
      }
      default:
        return;
    }
  }

  async function recoverOne(match: MatchRecord): Promise<RecoveredMatch> {
    const reading = await readServer(match.serverId);
    const maps = await events.maps(match.slug);
    const seriesEndStored = await deps.pluginEvents.hasStoredSeriesEnd(match.slug);
    const decision = reconcileMatch({
      status: match.status as 'loaded' | 'live',
      matchid: match.matchid,
      slug: match.slug,
      server: reading,
      allMapsPlayed: mapsRanOut(maps, playList(match).maps.length),
      roundsPlayed: maps.some((m) => m.finished || m.lastRound > 0),
      seriesEndStored,
      loadInFlight: await loadInFlight(match.slug),
    });
    let failure = '';
    try {
      await act(match, decision, seriesEndStored);
    } catch (err) {
      ctx.logger.error({ module: 'recovery', match: match.slug, err }, 'recovery could not act on a match');
      failure = ` It could not be done: ${(err as Error).message}`;
    }
    const reportRequested = decision.requestReport && match.serverId !== null;
    if (reportRequested) {
      requestReport(match.serverId!);
    }
    const after = await matches.get(match.slug);
    const entry: RecoveredMatch = {
      slug: match.slug,
      label: match.label,
      serverId: match.serverId,
      server: reading?.reachable
        ? { status: reading.status, match: reading.match, nextMatch: reading.nextMatch }
        : null,
      action: decision.action,
      reason: decision.reason + failure,
      statusBefore: match.status,
      statusAfter: after?.status ?? 'deleted',
      reportRequested,
    };
    const attention = decision.action === 'needs_attention' || decision.action === 'unreachable';
    ctx.logger[attention ? 'warn' : 'info'](
      { module: 'recovery', match: match.slug, server: match.serverId, action: decision.action },
      decision.reason,
    );
    return entry;
  }

  async function runAll(): Promise<RecoveredMatch[]> {
    const onServers = (await matches.list()).filter((m) => m.status === 'loaded' || m.status === 'live');
    // Each match has its own server: they are read at once.
    return Promise.all(onServers.map(recoverOne));
  }

  /** Reconciles every loaded or live match; a call while one runs waits for that run. */
  function recover(): Promise<RecoveredMatch[]> {
    running ??= runAll().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    recover,

    /** The run at start: its summary goes to the log only. */
    recoverAtStart(): void {
      recover().catch((err: unknown) =>
        ctx.logger.error({ module: 'recovery', err }, 'match recovery at start failed'),
      );
    },

    /** Replays one match's stored events since `since` (default: the last hour). */
    replay(slug: string, since?: number): Promise<ReplaySummary> {
      return deps.pluginEvents.replay(slug, since ?? ctx.clock.now() - REPLAY_WINDOW_S);
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
