import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { isAdmin, type Principal } from '../../auth/principal.js';
import type { Match } from '../../../shared/contracts/matches.js';
import { waitingForNextMap } from '../../../shared/domain/match-lifecycle.js';
import type { MatchesService, MatchWriter } from '../matches/index.js';
import type { MatchControlsService } from '../match-controls/index.js';
import type { LoadingService } from '../loading/index.js';
import type { SettingsService } from '../settings/index.js';

export interface StageQueueDeps {
  matches: Pick<MatchesService, 'get' | 'list'>;
  matchWriter: Pick<MatchWriter, 'transition'>;
  matchControls: Pick<MatchControlsService, 'endWarmup' | 'startNextMap'>;
  loading: Pick<LoadingService, 'currentLoad'>;
  settings: Pick<SettingsService, 'read'>;
  /** A match put on stage may now wait for another server: allocation looks again. */
  allocate: () => void;
}

/** Statuses a match may join or leave the stage queue in: not yet on a server. */
const QUEUEABLE = new Set(['pending', 'ready']);
/** Play order of the queue: what is on the stage server first, then the waiting ones by queue. */
const STATUS_ORDER: Record<string, number> = { live: 0, loaded: 1, ready: 2, pending: 3 };

/** The stage queue (API.md decision 76): which matches the casters show, and their Go. */
export function createStageQueueService(ctx: AppContext, deps: StageQueueDeps) {
  const repo = ctx.repos.matches;

  async function find(slug: string) {
    const match = await repo.get(slug);
    if (!match) {
      throw new AppError('NOT_FOUND', 404, `No match "${slug}".`);
    }
    return match;
  }

  return {
    async setOnStage(slug: string, onStage: boolean): Promise<Match> {
      await ctx.sql.tx(async () => {
        const match = await find(slug);
        if (match.onStage === onStage) {
          return;
        }
        if (!QUEUEABLE.has(match.status)) {
          throw new AppError(
            'INVALID_STATE',
            422,
            `Match ${slug} is ${match.status}: only a match not yet on a server joins or leaves the stage queue.`,
          );
        }
        await deps.matchWriter.transition(match, [], { onStage });
      });
      deps.allocate();
      return (await deps.matches.get(slug))!;
    },

    /**
     * Go: the plugin's `css_start` ends the warmup a stage match is held in (1.4.x and 2.x alike,
     * src/ConsoleCommands.cs OnStartCommand), before its first map and before each later one. Casters
     * (settings) and admins only; the match must be on stage, and loaded with its config fetched or
     * between two maps.
     */
    async go(slug: string, principal: Principal | null): Promise<Match> {
      const platformId = principal?.kind === 'session' ? principal.platformId : null;
      const caster =
        platformId !== null && deps.settings.read().casters.some((c) => c.platformId === platformId);
      if (!isAdmin(principal) && !caster) {
        throw new AppError('FORBIDDEN', 403, 'Only casters (Settings, casters) and admins may press Go.');
      }
      const match = await find(slug);
      if (!match.onStage) {
        throw new AppError(
          'INVALID_STATE',
          422,
          `Match ${slug} is not on stage; it starts when players ready up.`,
        );
      }
      if (waitingForNextMap(match)) {
        // The plugin holds every map of a stage series for a ready caster, not only the first.
        await deps.matchControls.startNextMap(slug);
        return (await deps.matches.get(slug))!;
      }
      const load = await deps.loading.currentLoad(slug);
      if (match.status !== 'loaded' || load === undefined || load === null || load.fetchedAt === null) {
        throw new AppError(
          'INVALID_STATE',
          422,
          `Match ${slug} is ${match.status}: Go starts a stage match once its server fetched the config and waits in warmup, or between two maps.`,
        );
      }
      await deps.matchControls.endWarmup(slug);
      await ctx.sql.tx(async () => {
        const now = await find(slug);
        await deps.matchWriter.transition(now, [], { goAt: ctx.clock.now() });
      });
      return (await deps.matches.get(slug))!;
    },

    async queue(): Promise<Match[]> {
      return (await deps.matches.list())
        .filter((m) => m.onStage && m.status in STATUS_ORDER)
        .sort(
          (a, b) =>
            STATUS_ORDER[a.status]! - STATUS_ORDER[b.status]! ||
            (a.eta?.startsAt ?? Number.MAX_SAFE_INTEGER) - (b.eta?.startsAt ?? Number.MAX_SAFE_INTEGER),
        );
    },
  };
}

export type StageQueueService = ReturnType<typeof createStageQueueService>;
