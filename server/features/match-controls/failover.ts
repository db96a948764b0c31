import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { AttentionService } from '../attention/index.js';
import type { LoadingService } from '../loading/index.js';
import type { MatchRecord } from '../matches/index.js';
import type { PluginEventsService } from '../plugin-events/index.js';
import type { ServersService } from '../servers/index.js';
import type { SettingsService } from '../settings/index.js';
import { lostServer, lostItemsGone, type LostVerdict } from '../../../shared/domain/failover.js';
import type { createMatchMove } from './move.js';

export interface FailoverDeps {
  settings: Pick<SettingsService, 'read'>;
  servers: Pick<ServersService, 'record' | 'status' | 'forgetLostMatch'>;
  loading: Pick<LoadingService, 'currentLoad'>;
  pluginEvents: Pick<PluginEventsService, 'lastPostAt'>;
  attention: Pick<AttentionService, 'raise' | 'clear' | 'list'>;
  moveMatch: Pick<ReturnType<typeof createMatchMove>, 'move' | 'reload'>;
}

/** How often the matches on servers are checked; a lost server is acted on within this after its deadline. */
const FAILOVER_TICK_MS = 1_000;

/**
 * Automatic failover (API.md decision 56), a leader job: a `loaded`/`live` match whose server went
 * silent for `failoverAfterSeconds` moves to a spare (decision 55); one whose plugin started up again
 * in time is loaded there again from its backup; with `autoFailover` off the organiser is told instead.
 * The deadline is the server's last contact, stored (RCON answers and plugin posts), and the organiser's
 * `server_lost` items are read back from the queue, so a new leader goes on where the last one stopped.
 */
export function createFailover(ctx: AppContext, deps: FailoverDeps) {
  const log = ctx.logger.child({ module: 'failover' });
  /** Matches being moved or reloaded right now: one action per match at a time. */
  const acting = new Set<string>();

  async function verdictFor(
    match: MatchRecord,
    serverId: string,
    afterSeconds: number,
  ): Promise<LostVerdict> {
    const load = await deps.loading.currentLoad(match.slug);
    const server = await deps.servers.record(serverId);
    const contact = {
      now: ctx.clock.now(),
      afterSeconds,
      // Stored contact: RCON answers and server events, the config fetch, the load itself.
      heardAt: Math.max(server.lastSeenAt ?? 0, load?.fetchedAt ?? 0, match.loadedAt ?? 0),
      lostMatchAt: server.lostMatchAt,
      loadedAt: load?.createdAt ?? null,
      bootstrappedAt: server.bootstrappedAt,
      live: match.status === 'live',
    };
    const quick = lostServer(contact);
    if (quick !== 'silent') {
      return quick;
    }
    // Silent past its deadline by what is stored: ask it now (an answer is stored as contact) and read
    // the event log, which the stored contact does not follow event by event.
    if ((await deps.servers.status(serverId)).rconError === null) {
      return 'fine';
    }
    const posted = (await deps.pluginEvents.lastPostAt(serverId, match.slug)) ?? 0;
    return lostServer({ ...contact, heardAt: Math.max(contact.heardAt, posted) });
  }

  async function act(match: MatchRecord, serverId: string, verdict: 'silent' | 'restarted'): Promise<void> {
    // Acted on once: a match loaded there again is not lost by this start-up again.
    await deps.servers.forgetLostMatch(serverId);
    const why =
      verdict === 'silent'
        ? `Server ${serverId} neither answers RCON nor posts events.`
        : `The plugin on server ${serverId} started up again and no longer plays match ${match.slug}.`;
    if (!deps.settings.read().autoFailover) {
      await deps.attention.raise({
        kind: 'server_lost',
        key: match.slug,
        matchSlug: match.slug,
        serverId,
        message: `${why} Move the match to another server.`,
      });
      return;
    }
    log.warn({ match: match.slug, server: serverId, verdict }, why);
    if (verdict === 'restarted') {
      await deps.moveMatch.reload(match.slug, 'failover');
      return;
    }
    await deps.moveMatch.move(match.slug, { actor: 'failover' }).catch((err: unknown) => {
      // No server free: the match waits at the head of the queue and moves when one frees (move.ts).
      if (!(err instanceof AppError && err.code === 'NO_FREE_SERVER')) {
        throw err;
      }
      log.warn({ match: match.slug, server: serverId }, 'no server free: the failover waits for one');
    });
  }

  async function check(match: MatchRecord, afterSeconds: number): Promise<void> {
    const serverId = match.serverId!;
    acting.add(match.slug);
    try {
      const verdict = await verdictFor(match, serverId, afterSeconds);
      if (verdict !== 'fine') {
        await act(match, serverId, verdict);
      }
    } finally {
      acting.delete(match.slug);
    }
  }

  async function tick(): Promise<void> {
    const afterSeconds = deps.settings.read().failoverAfterSeconds;
    const onServer = (await ctx.repos.matches.list()).filter(
      (m) => (m.status === 'loaded' || m.status === 'live') && m.serverId !== null,
    );
    // The queued items are the stored facts: any leader clears one once its match left the lost server.
    const lost = (await deps.attention.list()).filter((item) => item.kind === 'server_lost');
    const { gone, waiting } = lostItemsGone(lost, onServer);
    for (const slug of gone) {
      await deps.attention.clear('server_lost', slug);
    }
    if (afterSeconds === 0) {
      return;
    }
    for (const match of onServer) {
      // A move waiting for a free server is the allocation loop's; one under way is this job's.
      if (match.moving || acting.has(match.slug) || waiting.has(match.slug)) {
        continue;
      }
      // Each match alone: one unreachable server does not hold up the others' checks.
      void check(match, afterSeconds).catch((err: unknown) =>
        log.warn({ match: match.slug, err }, 'the failover check failed'),
      );
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  return {
    /** Starts the checks; answers how to stop them. */
    start(): () => void {
      timer = setInterval(() => {
        if (running) {
          return;
        }
        running = true;
        tick()
          .catch((err: unknown) => log.error({ err }, 'the failover sweep failed'))
          .finally(() => {
            running = false;
          });
      }, FAILOVER_TICK_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
