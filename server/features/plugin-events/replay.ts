import type { AppContext } from '../../context.js';
import type { Repos } from '../../db/repos.js';
import { pluginEventSchema } from '../../../shared/contracts/plugin-events.js';
import type { MatchRecord } from '../matches/index.js';
import { APPLIED, CHANGES_NOTHING, type MatchApplier } from './apply-to-match.js';
import { retriedPause } from './event-log.js';
import { progressEvent, touchesLive } from './normalise.js';

/** Step 6 of an event's way: stored events read back and applied again (recovery after a restart). */

/** What a replay of a match's stored events did. */
export interface ReplaySummary {
  matchSlug: string;
  since: number;
  /** Stored events of the match from its server in the window. */
  events: number;
  /** Events never applied before (they failed, or came before the match was on that server) applied now. */
  newlyApplied: number;
  /** Whether the match changed (scores, maps, phase, players, or its series ended). */
  changed: boolean;
  seriesEnded: boolean;
}

export function createReplay(
  ctx: Pick<AppContext, 'db' | 'live' | 'logger'>,
  repos: Pick<Repos, 'pluginEvents' | 'matches'>,
  applier: MatchApplier,
) {
  const { pluginEvents: repo, matches } = repos;

  /** The match's stored events that its sender may report (as ingest judged them), oldest first. */
  function storedEventsOf(match: MatchRecord, since: number) {
    return repo.eventsOfMatchid(match.matchid, since).flatMap((row) => {
      const parsed = pluginEventSchema.safeParse(JSON.parse(row.body));
      if (!parsed.success) {
        return [];
      }
      const target = applier.matchFor(parsed.data, row.sender ?? undefined);
      return target.outcome === 'applied' && target.match?.slug === match.slug
        ? [{ row, e: parsed.data }]
        : [];
    });
  }

  /**
   * Re-applies the match's stored events received since `since`, in arrival order, every delivery as
   * ingest applied it (a retried pause is not a new pause). Scores, maps and phases go through the same
   * reducer as live events, so what the match holds already changes nothing; players, pauses, demos and
   * server holds only for events that were never applied. A stored series end ends a series still on its
   * server. A second replay changes nothing.
   */
  async function replay(match: MatchRecord, since: number): Promise<ReplaySummary> {
    const slug = match.slug;
    const stored = storedEventsOf(match, since);
    const seen = new Set<string>();
    const { changed, newlyApplied } = ctx.db.transaction(() => {
      // A retried pause is no new pause; an event whose fields cannot be read was stored as failed.
      const applicable = stored.flatMap(({ row, e }) => {
        const repeat = seen.has(row.bodyHash);
        seen.add(row.bodyHash);
        if (retriedPause(e, repeat)) {
          return [];
        }
        try {
          return [{ row, e, effect: progressEvent(e, applier.storedRound(match.matchid, row.id)) }];
        } catch {
          return [];
        }
      });
      const effects = applicable.flatMap(({ effect }) => effect ?? []);
      const progress = effects.length > 0 ? applier.apply(matches.get(slug)!, ...effects) : undefined;
      let fresh = 0;
      let liveChanged = false;
      for (const { row, e } of applicable) {
        if (row.outcome === APPLIED || row.outcome === CHANGES_NOTHING) {
          continue;
        }
        liveChanged = applier.applyLive(matches.get(slug)!, e, touchesLive(e)) || liveChanged;
        repo.setOutcome(row.id, APPLIED);
        fresh += 1;
      }
      return { changed: progress ?? (liveChanged ? true : undefined), newlyApplied: fresh };
    })();
    const seriesEnded = typeof changed === 'object' && changed.seriesEnded;
    if (changed) {
      ctx.live.matches(slug);
    }
    if (seriesEnded) {
      await applier.endSeries(matches.get(slug)!, changed.progress, changed.seriesReport);
    }
    ctx.logger.info(
      { module: 'plugin-events', match: slug, events: stored.length, newlyApplied, seriesEnded },
      'stored events replayed',
    );
    return { matchSlug: slug, since, events: stored.length, newlyApplied, changed: !!changed, seriesEnded };
  }

  return { storedEventsOf, replay };
}
