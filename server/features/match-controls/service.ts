import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import {
  lifecycleState,
  waitingForNextMap,
  type MatchAction,
} from '../../../shared/domain/match-lifecycle.js';
import { announcementCommand, readConvar } from '../../integrations/plugin/commands.js';
import { SWAP_TEAMS_UNSUPPORTED } from '../../../shared/domain/plugin-limits.js';
import { seriesDecidedOnServer } from '../../../shared/domain/postgame.js';
import { mapsOnServer, playedOnServer, startingSeries } from '../../../shared/domain/map-advantage.js';
import type { LoadingService } from '../loading/index.js';
import {
  assertAllowed,
  stateAfter,
  type MatchRecord,
  type MatchWriter,
  type SeriesResult,
} from '../matches/index.js';
import type { PluginEventsService } from '../plugin-events/index.js';
import type { ServersService } from '../servers/index.js';
import { createControlConfirmation } from './confirm.js';
import { createServerStop } from './stop.js';
import { runOnServers, type BulkRequest } from './bulk.js';
import type { EmitMatchEvent } from '../webhooks/index.js';

export interface MatchControlsDeps {
  servers: Pick<ServersService, 'run' | 'record' | 'list' | 'get' | 'freeAfterCancel'>;
  loading: Pick<LoadingService, 'loadMatch' | 'endLoad' | 'currentLoad' | 'endUnfetched'>;
  recordSeriesResult(slug: string, result: SeriesResult): Promise<MatchRecord>;
  matchWriter: Pick<MatchWriter, 'transition' | 'deleteMaps' | 'newAttemptMatchid'>;
  /** Runs the allocation loop soon (a match waits for a server again). */
  allocate(): void;
  emitMatchEvent: EmitMatchEvent;
  /** The plugin's events that confirm a control. */
  pluginEvents: Pick<PluginEventsService, 'received'>;
}

/** Stored statuses in which a match holds its server. */
const onServerStates = new Set<MatchRecord['status']>(['loaded', 'live']);

/** CS2's competitive round time, used when the server does not answer its own value. */
const DEFAULT_ROUND_TIME_MINUTES = 1.92;

/**
 * The spec's admin controls on a match: each obeys the lifecycle table (422 INVALID_STATE otherwise)
 * and sends the plugin or engine commands of PROTOCOL.md section 5 to the match's server.
 */
export function createMatchControlsService(ctx: AppContext, deps: MatchControlsDeps) {
  const matches = ctx.repos.matches;
  const confirmation = createControlConfirmation(ctx, deps.pluginEvents);

  async function matchOf(slug: string): Promise<MatchRecord> {
    const match = await matches.get(slug);
    if (!match) {
      throw notFound(`Match "${slug}"`);
    }
    return match;
  }

  /** The match, checked against the table for `action` and known to be on a server. */
  async function onServer(slug: string, action: MatchAction): Promise<MatchRecord & { serverId: string }> {
    const match = await matchOf(slug);
    assertAllowed(match, action);
    if (match.serverId === null) {
      throw new AppError('INVALID_STATE', 422, `Match "${slug}" has no server.`);
    }
    return match as MatchRecord & { serverId: string };
  }

  async function send(serverId: string, line: string): Promise<string> {
    try {
      return await deps.servers.run(serverId, line);
    } catch (err) {
      throw new AppError(
        'SERVER_UNREACHABLE',
        502,
        `Server ${serverId} did not answer: ${(err as Error).message}`,
      );
    }
  }

  const { queuedLoad, stopOnServer } = createServerStop(ctx, deps);

  /**
   * Sends `line`; once the plugin took it (no refusal, and `confirmingEvent` arrived when given), stores
   * the state the table gives for `action`.
   */
  async function commandAndMove(
    slug: string,
    action: MatchAction,
    line: string,
    confirmingEvent?: string,
  ): Promise<MatchRecord> {
    const match = await onServer(slug, action);
    const target = stateAfter(match, action);
    const since = ctx.clock.now();
    confirmation.checkReply(action, await send(match.serverId, line));
    if (confirmingEvent !== undefined) {
      await confirmation.awaitEvent(slug, action, confirmingEvent, since);
    }
    return ctx.sql.tx(async () => {
      const now = await matchOf(slug);
      // The plugin's own event (match_paused, going_live) may have got there while the command ran.
      if (lifecycleState(now) === target) {
        return now;
      }
      return deps.matchWriter.transition(now, action);
    });
  }

  async function command(slug: string, action: MatchAction, line: (m: MatchRecord) => string) {
    const match = await onServer(slug, action);
    const reply = await send(match.serverId, line(match));
    return { match, reply };
  }

  /**
   * `css_restore <n>`: the plugin's backup `n` is the state after `n` rounds played, i.e. the start of
   * 1-based round `n + 1` of the current map (PROTOCOL.md 5.3; MatchZy-Enhanced `src/BackupManagement.cs`).
   */
  async function restore(
    slug: string,
    action: 'restart_round' | 'restore_backup',
    roundsPlayed: (m: MatchRecord) => number,
  ): Promise<MatchRecord> {
    let wanted = 0;
    const since = ctx.clock.now();
    const { match, reply } = await command(slug, action, (m) => `css_restore ${(wanted = roundsPlayed(m))}`);
    if (/does not exist/i.test(reply)) {
      throw new AppError('NOT_FOUND', 404, `The server has no backup of round ${wanted + 1} on this map.`);
    }
    confirmation.checkReply(action, reply);
    await confirmation.awaitEvent(slug, action, 'backup_loaded', since);
    return match;
  }

  /** The series as it stands: the map lead decides a level series score; still level, nobody. */
  function standingWinner(m: MatchRecord): 'team1' | 'team2' | null {
    const lead = (a: number, b: number) => (a === b ? null : a > b ? 'team1' : 'team2');
    return lead(m.team1SeriesScore, m.team2SeriesScore) ?? lead(m.team1MapScore, m.team2MapScore);
  }

  const controls = {
    stopOnServer,
    pause: (slug: string) => commandAndMove(slug, 'pause', 'css_forcepause', 'match_paused'),
    unpause: (slug: string) => commandAndMove(slug, 'unpause', 'css_forceunpause', 'match_unpaused'),
    /** Confirmed by the reply only: with a knife round, going live may be minutes away. */
    endWarmup: (slug: string) => commandAndMove(slug, 'end_warmup', 'css_start'),

    /**
     * A later map of a series waits in its warmup for readies like the first (a stage match for a ready
     * spectator: MatchZy-Enhanced src/Utility.cs IsLiveRequirementSatisfied); the plugin's start command
     * starts it. The match stays live; the map's going_live moves its phase.
     */
    async startNextMap(slug: string): Promise<MatchRecord> {
      const match = await matchOf(slug);
      if (!waitingForNextMap(match) || match.serverId === null) {
        throw new AppError(
          'INVALID_STATE',
          422,
          `Match "${slug}" is not waiting between two maps of its series (it is ${match.status}${match.phase ? `, ${match.phase}` : ''}).`,
        );
      }
      confirmation.checkReply('end_warmup', await send(match.serverId, 'css_start'));
      return match;
    },

    /** Refused: no plugin has a mid-match swap (sides are chosen before the match). */
    swapTeams: async (slug: string): Promise<MatchRecord> => {
      await matchOf(slug);
      throw new AppError('INVALID_STATE', 422, SWAP_TEAMS_UNSUPPORTED);
    },

    /** The round in progress again from its backup (economy as at its start), never the whole game. */
    restartRound: (slug: string) => restore(slug, 'restart_round', (m) => m.team1MapScore + m.team2MapScore),

    /** Back to the start of 1-based round `round` of the current map. */
    restoreBackup: (slug: string, round: number) => restore(slug, 'restore_backup', () => round - 1),

    /** Adds seconds to the round time (the engine's `mp_roundtime_defuse`, in minutes). */
    async addTime(slug: string, seconds: number): Promise<MatchRecord> {
      const match = await onServer(slug, 'add_time');
      const current = Number(
        readConvar(await send(match.serverId, 'mp_roundtime_defuse'), 'mp_roundtime_defuse'),
      );
      const minutes =
        (Number.isFinite(current) && current > 0 ? current : DEFAULT_ROUND_TIME_MINUTES) + seconds / 60;
      await send(match.serverId, `mp_roundtime_defuse ${minutes.toFixed(2)}`);
      return match;
    },

    async broadcast(slug: string, message: string): Promise<MatchRecord> {
      const line = announcementCommand(message);
      if (line === null) {
        throw new AppError(
          'VALIDATION_FAILED',
          400,
          'The message has nothing left to send without ; and quotes.',
        );
      }
      return (await command(slug, 'broadcast', () => line)).match;
    },

    /** Ends the match now with the current score as its result (a level score waits for a decision). */
    async endMatch(slug: string): Promise<MatchRecord> {
      const match = await onServer(slug, 'end_match');
      stopOnServer(match.serverId, await queuedLoad(slug));
      await deps.loading.endLoad(slug);
      return deps.recordSeriesResult(slug, {
        winner: standingWinner(match),
        team1SeriesScore: match.team1SeriesScore,
        team2SeriesScore: match.team2SeriesScore,
        action: 'end_match',
      });
    },

    /**
     * Reloads the match from the start on its server; everything played so far is forgotten. A match
     * not on a server (pending, waiting, needs decision) keeps its place and loads from the start; one
     * whose load the server has not fetched yet (queued behind another series) keeps that load, which
     * starts it from the start anyway.
     */
    async restart(slug: string): Promise<MatchRecord> {
      const match = await matchOf(slug);
      const after = stateAfter(match, 'restart');
      const onServerNow = after === 'loaded' && match.serverId !== null;
      const keepLoad = onServerNow && (await queuedLoad(slug)) !== undefined;
      const reload = onServerNow && !keepLoad;
      const fresh = {
        // A grand final with the map advantage starts one map up again (decision 78).
        ...startingSeries(match.mapAdvantage),
        team1MapScore: 0,
        team2MapScore: 0,
        currentMapNumber: null,
        winnerId: null,
      };
      await ctx.sql.tx(async () => {
        await deps.matchWriter.deleteMaps(slug);
        if (!keepLoad) {
          await deps.loading.endLoad(slug);
        }
        // On a server it is loaded again from the start (the load that follows sends it); off one it
        // keeps its place, and only the server it was pinned to while it waited.
        await deps.matchWriter.transition(match, 'restart', {
          ...fresh,
          matchid: await deps.matchWriter.newAttemptMatchid(match),
          ...(onServerNow
            ? {}
            : { serverId: match.status === 'needs_decision' ? null : match.serverId, loadedAt: null }),
        });
        await deps.emitMatchEvent('match.reset', slug, { reason: 'restarted' });
      });
      if (keepLoad) {
        return matchOf(slug);
      }
      if (!reload) {
        deps.allocate();
        return matchOf(slug);
      }
      stopOnServer(match.serverId!);
      await deps.loading.loadMatch(slug, match.serverId!, 'restart');
      return matchOf(slug);
    },

    /** Moves a loaded, not yet live match to another server (the one given, else the first free one). */
    async reallocate(slug: string, serverId?: string): Promise<MatchRecord> {
      const match = await onServer(slug, 'reallocate');
      const free = (await deps.servers.list()).filter((s) => s.availability.free && s.id !== match.serverId);
      const target = serverId ?? free[0]?.id;
      if (target === undefined) {
        throw new AppError('CONFLICT', 409, 'No other server is free; try again when one is.');
      }
      if (target === match.serverId) {
        throw new AppError('CONFLICT', 409, `Match "${slug}" is already on server ${target}.`);
      }
      await deps.servers.record(target);
      if (!free.some((s) => s.id === target)) {
        throw new AppError('CONFLICT', 409, `Server ${target} is not free.`);
      }
      stopOnServer(match.serverId, await queuedLoad(slug));
      await deps.loading.loadMatch(slug, target, 'reallocate');
      return matchOf(slug);
    },

    /** A loaded or live match taken off its server (a forced correction resets it): load ended, server stopped. */
    async release(match: MatchRecord): Promise<void> {
      const queued = await queuedLoad(match.slug);
      await deps.loading.endLoad(match.slug);
      if (match.serverId !== null) {
        stopOnServer(match.serverId, queued);
      }
    },

    /**
     * Cancels the match even when its server is offline, and frees the server, unless the match was
     * only queued there: the server still finishes another series.
     */
    async forceCancel(slug: string): Promise<MatchRecord> {
      const match = await matchOf(slug);
      assertAllowed(match, 'force_cancel');
      const queued = await queuedLoad(slug);
      const queuedOnly = queued !== undefined;
      const onItsServer = match.serverId !== null && onServerStates.has(match.status);
      // In its series-end postgame the plugin finishes by itself: a stop now would cut off series_end
      // and the demo, so the server is left to send them, kick and reset, and is freed as after any
      // series (its series_end, then the demo upload).
      const finishing =
        onItsServer &&
        !queuedOnly &&
        seriesDecidedOnServer(
          playedOnServer(match),
          await ctx.repos.pluginEvents.maps(slug),
          mapsOnServer(match.format, match.mapAdvantage),
        );
      await ctx.sql.tx(async () => {
        await deps.loading.endLoad(slug);
        await deps.matchWriter.transition(match, 'force_cancel', { completedAt: ctx.clock.now() });
        await deps.emitMatchEvent('match.cancelled', slug, { reason: 'force_cancelled' });
        if (onItsServer && !queuedOnly && !finishing) {
          // Matchday's own records decide (API.md 16): the plugin's last "playing" is stale now.
          await deps.servers.freeAfterCancel(match.serverId!);
        }
      });
      // A match only waiting for (or pinned to) a server has nothing on it to stop.
      if (onItsServer && !finishing) {
        stopOnServer(match.serverId!, queued);
      }
      return matchOf(slug);
    },
  };

  return {
    ...controls,

    /**
     * One admin action on the match of each server, one after the other; a server without a loaded or
     * live match, or an action that fails, is a failed row and the others still run.
     */
    runOnServers: (request: BulkRequest) => runOnServers(controls, deps.servers, request),
  };
}

export type MatchControlsService = ReturnType<typeof createMatchControlsService>;
export { BULK_ACTIONS, type BulkAction, type BulkRequest, type BulkResult } from './bulk.js';
