import type { AppContext } from '../../context.js';
import type { TeamRef } from '../../../shared/contracts/matches.js';
import {
  planAllocation,
  refusalBackoffMs,
  type AllocationPlan,
  type WaitingMatch,
} from '../../../shared/domain/allocation.js';
import { loadReplyKind } from '../../integrations/plugin/capabilities.js';
import { dropQueuedLoad } from '../../integrations/plugin/queued-load.js';
import { createEtaBoard, type MatchRecord } from '../matches/index.js';
import { createPostgameReader, QUEUED_LOAD_MARGIN_MS } from './postgame.js';
import { tagRequirements } from './tag-filter.js';
import { createPlayerBusyNotices, playersOfMatches } from './player-busy.js';
import type { AllocationDeps, AllocationOptions } from './deps.js';

export type { AllocationDeps, AllocationOptions } from './deps.js';

const DEFAULT_CONFIG_FETCH_TIMEOUT_MS = 30_000;

/**
 * The allocation loop: matches waiting for a server get free servers in the global queue order. The
 * server's config fetch proves a load worked; a refused load, or one never confirmed in time, is rolled
 * back and the match tried on another server.
 */
export function createAllocationService(
  ctx: AppContext,
  deps: AllocationDeps,
  options: AllocationOptions = {},
) {
  const matches = ctx.repos.matches;
  const timeoutMs = options.configFetchTimeoutMs ?? DEFAULT_CONFIG_FETCH_TIMEOUT_MS;
  /**
   * Servers that refused a match, per match, with how often in a row and when they may be asked again:
   * tried again only when no other server is free, and not before their backoff ran out.
   */
  const refusedBy = new Map<string, Map<string, { refusals: number; askAgainAt: number }>>();
  const watchdogs = new Set<NodeJS.Timeout>();
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  /** When this instance began to lead (clock seconds): loads sent before were another leader's to watch. */
  let leadingSince = 0;
  const etaBoard = createEtaBoard(ctx);
  const noticePlayerBusy = deps.attention && createPlayerBusyNotices(deps.attention);

  const isWaiting = (m: MatchRecord) =>
    m.status === 'ready' && m.team1Id !== null && m.team2Id !== null && !m.isBye;
  const waitingOf = (
    list: readonly MatchRecord[],
    held: ReadonlyMap<string, unknown>,
    tags: ReadonlyMap<string, string[]>,
    players: ReadonlyMap<string, readonly string[]>,
    now = Date.now(),
  ): WaitingMatch[] =>
    list.filter(isWaiting).map((m) => ({
      slug: m.slug,
      team1Id: m.team1Id!,
      team2Id: m.team2Id!,
      manual: m.tournamentId === null,
      queuePosition: m.queuePosition,
      createdAt: m.createdAt,
      serverId: m.serverId,
      avoidServerIds: [...(refusedBy.get(m.slug)?.keys() ?? [])],
      heldOffServerIds: [...(refusedBy.get(m.slug) ?? [])]
        .filter(([, refusal]) => refusal.askAgainAt > now)
        .map(([id]) => id),
      heldByTimetable: held.has(m.slug),
      requiredTags: tags.get(m.slug) ?? [],
      playerIds: [...(players.get(m.team1Id!) ?? []), ...(players.get(m.team2Id!) ?? [])],
    }));

  /** Every server with whether it may take a match now (its availability, and no test match on it). */
  async function freeServers() {
    const busyOutside = (await deps.busyOutsideMatches?.()) ?? new Set<string>();
    return (await deps.servers.list()).map((s) => ({
      ...s,
      free: s.availability.free && !busyOutside.has(s.id),
    }));
  }

  async function plan(): Promise<AllocationPlan> {
    const list = await matches.list();
    const playing = list.filter((m) => m.status === 'loaded' || m.status === 'live');
    const busy = new Set(
      playing.flatMap((m) => [m.team1Id, m.team2Id]).filter((id): id is string => id !== null),
    );
    const players = deps.playersOf
      ? await playersOfMatches([...playing, ...list.filter(isWaiting)], deps.playersOf)
      : new Map<string, readonly string[]>();
    const busyPlayers = new Set([...busy].flatMap((teamId) => players.get(teamId) ?? []));
    const servers = (await freeServers()).map((s) => ({
      id: s.id,
      free: s.free,
      blockedReason: s.availability.blockedReason,
      tags: s.tags,
    }));
    const tags = await tagRequirements(ctx, list, list.filter(isWaiting));
    const planned = planAllocation(
      waitingOf(list, await deps.timetableHolds(), tags, players),
      busy,
      servers,
      busyPlayers,
    );
    return planned;
  }

  function refused(slug: string, serverId: string): void {
    const servers = refusedBy.get(slug) ?? new Map();
    const refusals = (servers.get(serverId)?.refusals ?? 0) + 1;
    servers.set(serverId, { refusals, askAgainAt: Date.now() + refusalBackoffMs(refusals) });
    refusedBy.set(slug, servers);
  }

  /** Tells a server to drop a load Matchday no longer wants, where its plugin can (queued-load.ts). */
  async function cancelOnServer(serverId: string): Promise<void> {
    try {
      const server = await deps.servers.record(serverId);
      const outcome = await dropQueuedLoad(server, (line) => deps.servers.run(serverId, line));
      if (outcome === 'unanswered') {
        ctx.logger.warn({ module: 'allocation', server: serverId }, 'clear_queued_match gave no answer');
      }
    } catch (err) {
      ctx.logger.warn({ module: 'allocation', server: serverId, err }, 'could not cancel a queued load');
    }
  }

  /** The load is still the match's open load on this server, unfetched unless `fetchedToo`. */
  async function stillPending(
    slug: string,
    serverId: string,
    loadId: string,
    fetchedToo = false,
  ): Promise<boolean> {
    const load = await deps.loading.currentLoad(slug);
    const match = await matches.get(slug);
    return (
      match !== undefined &&
      load?.loadId === loadId &&
      (fetchedToo || load.fetchedAt === null) &&
      match.serverId === serverId &&
      match.status === 'loaded'
    );
  }

  function after(ms: number, task: () => Promise<void>): void {
    const timer = ctx.sql.detached(() =>
      setTimeout(() => {
        watchdogs.delete(timer);
        task().catch((err: unknown) =>
          ctx.logger.error({ module: 'allocation', err }, 'a load watch failed'),
        );
      }, ms),
    );
    timer.unref();
    watchdogs.add(timer);
  }

  const { postgameMs, waitsOutPostgame } = createPostgameReader(deps);

  /**
   * A load the plugin queued behind a finishing series runs when its postgame ends, 76 s or more after
   * the last round (PROTOCOL.md 6.1). No fetch timer runs while the server says postgame or queued;
   * the usual one starts once it has left them, and the whole postgame plus a margin bounds the wait.
   */
  async function watchQueued(slug: string, serverId: string, loadId: string): Promise<void> {
    const deadline = Date.now() + (await postgameMs(serverId)) + QUEUED_LOAD_MARGIN_MS;
    const pollMs = Math.min(5_000, timeoutMs / 6);
    const check = async (): Promise<void> => {
      if (stopped || !(await stillPending(slug, serverId, loadId))) {
        return;
      }
      const status = (await deps.servers.status(serverId)).live?.status ?? null;
      if ((status === 'queued' || status === 'postgame') && Date.now() < deadline) {
        after(pollMs, check);
        return;
      }
      after(timeoutMs, () => confirmOrRollBack(slug, serverId, loadId));
    };
    after(pollMs, check);
  }

  /**
   * Rolls back a load the server never confirmed by fetching its config, or (`failed`) one whose fetch
   * or config the plugin said failed.
   */
  async function confirmOrRollBack(
    slug: string,
    serverId: string,
    loadId: string,
    failed = false,
  ): Promise<void> {
    const rolledBack = await ctx.sql.tx(async () => {
      if (!(await stillPending(slug, serverId, loadId, failed))) {
        return false;
      }
      const match = (await matches.get(slug))!;
      await deps.loading.endLoad(slug);
      await deps.matchWriter.transition(match, 'load_failed', { serverId: null, loadedAt: null });
      // Websites hear of the first rollback on a server; retries on the same refusing server (the only
      // one free) would otherwise announce a reset every allocation round.
      if (!refusedBy.get(slug)?.has(serverId)) {
        await deps.emitMatchEvent('match.reset', slug, { reason: 'load_rolled_back' });
      }
      return true;
    });
    if (rolledBack) {
      ctx.logger.warn(
        { module: 'allocation', match: slug, server: serverId },
        failed
          ? 'the plugin could not load the match; the load is rolled back and tried elsewhere'
          : 'the server never fetched the match config; the load is rolled back and tried elsewhere',
      );
      refused(slug, serverId);
      await cancelOnServer(serverId);
      // Another round soon; kick never rejects (it logs its own failures). After a failed load the
      // server is free again (status error): only the allocation tick retries, not a tight loop.
      if (!failed) {
        void kick();
      }
    }
  }

  async function load(slug: string, serverId: string): Promise<void> {
    try {
      const { loadId, confirmed, reply } = await deps.loading.loadMatch(slug, serverId);
      const kind = loadReplyKind(reply);
      if (kind === 'failed') {
        // A fetched config the plugin could not load, or a failed fetch: nothing is set up.
        await confirmOrRollBack(slug, serverId, loadId, true);
        return;
      }
      if (confirmed) {
        refusedBy.delete(slug);
        return;
      }
      if (kind === 'already_set_up') {
        // A definite refusal: nothing will fetch this load (PROTOCOL.md 6.1).
        await confirmOrRollBack(slug, serverId, loadId);
      } else if (kind === 'queued') {
        watchQueued(slug, serverId, loadId).catch((err: unknown) =>
          ctx.logger.error({ module: 'allocation', match: slug, err }, 'a queued load watch failed'),
        );
      } else {
        after(timeoutMs, () => confirmOrRollBack(slug, serverId, loadId));
      }
    } catch (err) {
      ctx.logger.warn({ module: 'allocation', match: slug, server: serverId, err }, 'a load failed');
      refused(slug, serverId);
    }
  }

  async function runOnce(): Promise<void> {
    do {
      again = false;
      const settings = deps.settings.read();
      if (stopped) {
        return;
      }
      if (settings.simulateMatches) {
        await deps.veto.completePending(ctx.random);
      }
      await deps.beforeAllocating?.();
      if (!settings.autoAllocate) {
        return;
      }
      const planned = await plan();
      await noticePlayerBusy?.(planned, async (slug) => (await matches.get(slug))?.label ?? slug);
      for (const { slug, serverId } of planned.assignments) {
        await load(slug, serverId);
      }
    } while (again);
  }

  /**
   * In a cluster only the leader allocates (API.md decision 69): a change seen by another instance
   * waits for the leader's next tick instead of racing it for the same servers.
   */
  let leading = true;

  /** Runs the loop now, or once more after the current run. */
  function kick(): Promise<void> {
    if (!leading) {
      return Promise.resolve();
    }
    if (running) {
      again = true;
      return running;
    }
    running = runOnce()
      .catch((err: unknown) => ctx.logger.error({ module: 'allocation', err }, 'allocation failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    kick,
    /** Whether this instance leads, and so allocates. */
    setLeading(value: boolean): void {
      leading = value;
    },

    /**
     * For players: who waits for a server, in queue order, and how many servers are free; with
     * `onlyTournament`, that tournament's matches only, each still at its place in the shared queue.
     */
    async status(onlyTournament?: number) {
      const current = await plan();
      const teams = await matches.teamRefs();
      const list = new Map((await matches.list()).map((m) => [m.slug, m]));
      const ref = (id: string | null): TeamRef | null => (id === null ? null : (teams.get(id) ?? null));
      const free = (await freeServers()).filter((s) => s.free).length;
      const etas = await etaBoard();
      // Matches about to be loaded are at the head of the queue.
      const queue = [
        ...current.assignments.map((a) => ({ slug: a.slug, reason: 'loading' as const })),
        ...current.waiting.map((w) => ({ slug: w.slug, reason: w.reason, tags: w.tags, players: w.players })),
      ];
      const waiting = queue.map((entry, i) => {
        const m = list.get(entry.slug)!;
        return {
          tournamentId: m.tournamentId,
          entry: {
            slug: m.slug,
            label: m.label,
            team1: ref(m.team1Id),
            team2: ref(m.team2Id),
            position: i + 1,
            reason: entry.reason,
            ...('tags' in entry &&
              entry.tags && { tags: entry.tags, detail: `no free server tagged ${entry.tags.join(', ')}` }),
            ...('players' in entry &&
              entry.players && {
                players: entry.players,
                detail: `player ${entry.players.join(', ')} still plays another match`,
              }),
            displayStatus: 'Waiting for a server' as const,
            eta: etas.get(m.slug) ?? null,
          },
        };
      });
      return {
        waiting: waiting
          .filter((w) => onlyTournament === undefined || w.tournamentId === onlyTournament)
          .map((w) => w.entry),
        freeServers: free,
        nextInQueue: queue[0]?.slug ?? null,
      };
    },

    /** Allows loads again after a stop (this instance leads again). */
    start(): void {
      stopped = false;
      leadingSince = ctx.clock.now();
    },

    /**
     * The fetch deadlines of loads the last leader sent and watched in its memory, from their stored send
     * time: one never fetched in time is rolled back as this instance's own would be. Run by the leader's
     * deadline sweep.
     */
    async sweepInheritedLoads(): Promise<void> {
      const now = ctx.clock.now();
      for (const load of await deps.loading.unfetched()) {
        if (stopped || load.createdAt >= leadingSince || now * 1000 < load.createdAt * 1000 + timeoutMs) {
          continue;
        }
        if (!(await stillPending(load.matchSlug, load.serverId, load.loadId))) {
          continue;
        }
        // A load the plugin queued behind a finishing series waits out that postgame first.
        if (await waitsOutPostgame(load.serverId, load.createdAt, now)) {
          continue;
        }
        await confirmOrRollBack(load.matchSlug, load.serverId, load.loadId);
      }
    },

    stop(): void {
      stopped = true;
      watchdogs.forEach(clearTimeout);
      watchdogs.clear();
    },
  };
}

export type AllocationService = ReturnType<typeof createAllocationService>;
