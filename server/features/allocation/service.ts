import type { AppContext } from '../../context.js';
import type { TeamRef } from '../../../shared/contracts/matches.js';
import { planAllocation, type AllocationPlan, type WaitingMatch } from '../../../shared/domain/allocation.js';
import { pluginName } from '../../integrations/plugin/flavours.js';
import type { MatchRecord, MatchWriter } from '../matches/index.js';
import type { LoadingService } from '../loading/service.js';
import type { ServersService } from '../servers/service.js';
import type { SettingsService } from '../settings/service.js';
import type { VetoService } from '../veto/service.js';
import type { EmitMatchEvent } from '../webhooks/service.js';

export interface AllocationDeps {
  servers: Pick<ServersService, 'list' | 'run' | 'record'>;
  loading: Pick<LoadingService, 'loadMatch' | 'currentLoad' | 'endLoad'>;
  settings: Pick<SettingsService, 'read'>;
  /** Simulation mode completes pending vetoes with random legal actions. */
  veto: Pick<VetoService, 'completePending'>;
  /** The matches feature's writer: every change of a match's state. */
  matchWriter: Pick<MatchWriter, 'transition'>;
  emitMatchEvent: EmitMatchEvent;
}

export interface AllocationOptions {
  /** A load whose config the server has not fetched by then is rolled back and tried elsewhere. */
  configFetchTimeoutMs?: number;
  /** Randomness of simulated vetoes. */
  random?: () => number;
}

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
  const random = options.random ?? Math.random;
  /** Servers that refused a match, per match: tried again only when no other server is free. */
  const refusedBy = new Map<string, Set<string>>();
  const watchdogs = new Set<NodeJS.Timeout>();
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const waitingOf = (list: readonly MatchRecord[]): WaitingMatch[] =>
    list
      .filter((m) => m.status === 'ready' && m.team1Id !== null && m.team2Id !== null && !m.isBye)
      .map((m) => ({
        slug: m.slug,
        team1Id: m.team1Id!,
        team2Id: m.team2Id!,
        manual: m.tournamentId === null,
        queuePosition: m.queuePosition,
        createdAt: m.createdAt,
        serverId: m.serverId,
        avoidServerIds: [...(refusedBy.get(m.slug) ?? [])],
      }));

  function plan(): AllocationPlan {
    const list = matches.list();
    const busy = new Set(
      list
        .filter((m) => m.status === 'loaded' || m.status === 'live')
        .flatMap((m) => [m.team1Id, m.team2Id])
        .filter((id): id is string => id !== null),
    );
    const servers = deps.servers.list().map((s) => ({
      id: s.id,
      free: s.availability.free,
      blockedReason: s.availability.blockedReason,
    }));
    return planAllocation(waitingOf(list), busy, servers);
  }

  function refused(slug: string, serverId: string): void {
    const set = refusedBy.get(slug) ?? new Set();
    set.add(serverId);
    refusedBy.set(slug, set);
  }

  /** Tells a server to drop a load Matchday no longer wants (the plugin may have queued it). */
  async function cancelOnServer(serverId: string): Promise<void> {
    try {
      const { flavour } = deps.servers.record(serverId);
      await deps.servers.run(serverId, pluginName(flavour, 'clear_queued_match'));
    } catch (err) {
      ctx.logger.warn({ module: 'allocation', server: serverId, err }, 'could not cancel a queued load');
    }
  }

  /** Rolls back a load the server never confirmed by fetching its config. */
  async function confirmOrRollBack(slug: string, serverId: string, loadId: string): Promise<void> {
    const rolledBack = ctx.db.transaction(() => {
      const load = deps.loading.currentLoad(slug);
      const match = matches.get(slug);
      if (!match || load?.loadId !== loadId || load.fetchedAt !== null || match.serverId !== serverId) {
        return false;
      }
      if (match.status !== 'loaded') {
        return false;
      }
      deps.loading.endLoad(slug);
      deps.matchWriter.transition(match, 'load_failed', { serverId: null, loadedAt: null });
      deps.emitMatchEvent('match.reset', slug, { reason: 'load_rolled_back' });
      return true;
    })();
    if (rolledBack) {
      ctx.logger.warn(
        { module: 'allocation', match: slug, server: serverId },
        'the server never fetched the match config; the load is rolled back and tried elsewhere',
      );
      refused(slug, serverId);
      await cancelOnServer(serverId);
      kick();
    }
  }

  async function load(slug: string, serverId: string): Promise<void> {
    try {
      const { loadId, confirmed } = await deps.loading.loadMatch(slug, serverId);
      if (confirmed) {
        refusedBy.delete(slug);
        return;
      }
      const timer = setTimeout(() => {
        watchdogs.delete(timer);
        void confirmOrRollBack(slug, serverId, loadId);
      }, timeoutMs);
      timer.unref();
      watchdogs.add(timer);
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
        deps.veto.completePending(random);
      }
      if (!settings.autoAllocate) {
        return;
      }
      for (const { slug, serverId } of plan().assignments) {
        await load(slug, serverId);
      }
    } while (again);
  }

  /** Runs the loop now, or once more after the current run. */
  function kick(): Promise<void> {
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

    /** For players: who waits for a server, in queue order, and how many servers are free. */
    status() {
      const current = plan();
      const teams = matches.teamRefs();
      const list = new Map(matches.list().map((m) => [m.slug, m]));
      const ref = (id: string | null): TeamRef | null => (id === null ? null : (teams.get(id) ?? null));
      const free = deps.servers.list().filter((s) => s.availability.free).length;
      // Matches about to be loaded are at the head of the queue.
      const queue = [
        ...current.assignments.map((a) => ({ slug: a.slug, reason: 'loading' as const })),
        ...current.waiting.map((w) => ({ slug: w.slug, reason: w.reason })),
      ];
      return {
        waiting: queue.map((entry, i) => {
          const m = list.get(entry.slug)!;
          return {
            slug: m.slug,
            label: m.label,
            team1: ref(m.team1Id),
            team2: ref(m.team2Id),
            position: i + 1,
            reason: entry.reason,
            displayStatus: 'Waiting for a server' as const,
          };
        }),
        freeServers: free,
        nextInQueue: queue[0]?.slug ?? null,
      };
    },

    stop(): void {
      stopped = true;
      watchdogs.forEach(clearTimeout);
      watchdogs.clear();
    },
  };
}

export type AllocationService = ReturnType<typeof createAllocationService>;
