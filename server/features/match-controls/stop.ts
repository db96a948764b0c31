import type { AppContext } from '../../context.js';
import { dropQueuedLoad } from '../../integrations/plugin/queued-load.js';
import type { LoadingService, MatchLoad } from '../loading/index.js';
import type { ServersService } from '../servers/index.js';

export interface ServerStopDeps {
  servers: Pick<ServersService, 'run' | 'record'>;
  loading: Pick<LoadingService, 'currentLoad' | 'endUnfetched'>;
}

/** Taking a match off its server: the admin stops (end, restart, reallocate, force cancel, release). */
export function createServerStop(ctx: AppContext, deps: ServerStopDeps) {
  /**
   * The match's open load when it was never fetched: then the server does not play it, at most it is
   * queued behind the postgame of another series (or refused), which must be left alone.
   */
  async function queuedLoad(slug: string): Promise<MatchLoad | undefined> {
    const load = await deps.loading.currentLoad(slug);
    return load?.fetchedAt === null ? load : undefined;
  }

  /**
   * Takes a match off its server without waiting for an answer (the server may be offline). The match
   * the server plays ends with `css_endmatch` (2.0.0's drops a queued load too); a match only queued
   * there (`queued`, from queuedLoad) has its queued load dropped instead (queued-load.ts), so the series
   * the server finishes keeps its postgame and its end-of-series reset does not hit what the server
   * loads next.
   */
  function stopOnServer(serverId: string, queued?: MatchLoad): void {
    void stopAndWait(serverId, queued);
  }

  /** As stopOnServer, done when the server took the command (or could not be reached, which is logged). */
  async function stopAndWait(serverId: string, queued?: MatchLoad): Promise<void> {
    try {
      // The queued load may have been fetched since it was read: then the server plays it.
      if (queued === undefined || !(await deps.loading.endUnfetched(queued.loadId))) {
        await deps.servers.run(serverId, 'css_endmatch');
        return;
      }
      const server = await deps.servers.record(serverId);
      const outcome = await dropQueuedLoad(server, (line) => deps.servers.run(serverId, line));
      ctx.logger.info({ module: 'match-controls', server: serverId, outcome }, 'queued load dropped');
    } catch (err) {
      ctx.logger.warn(
        { module: 'match-controls', server: serverId, err },
        'could not stop the match on its server',
      );
    }
  }

  return { queuedLoad, stopOnServer, stopAndWait };
}

export type ServerStop = ReturnType<typeof createServerStop>;
