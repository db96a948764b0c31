import type { AppContext } from '../../context.js';
import type { Repos } from '../../db/repos.js';
import { pluginEventSchema } from '../../../shared/contracts/plugin-events.js';
import type { MatchRecord } from '../matches/index.js';
import { APPLIED, CHANGES_NOTHING, type MatchApplier } from './apply-to-match.js';
import { retriedPause, retriedUnpause } from './event-log.js';
import type { Delivery } from './repo.js';
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
  ctx: Pick<AppContext, 'sql' | 'live' | 'logger'>,
  repos: Pick<Repos, 'pluginEvents' | 'matches'>,
  applier: MatchApplier,
) {
  const { pluginEvents: repo, matches } = repos;

  /** The match's stored events that its sender may report (as ingest judged them), oldest first. */
  async function storedEventsOf(match: MatchRecord, since: number) {
    const events = [];
    for (const row of await repo.eventsOfMatchid(match.matchid, since)) {
      const parsed = pluginEventSchema.safeParse(JSON.parse(row.body));
      if (!parsed.success) {
        continue;
      }
      const target = await applier.matchFor(parsed.data, row.sender ?? undefined);
      if (target.outcome === 'applied' && target.match?.slug === match.slug) {
        events.push({ row, e: parsed.data });
      }
    }
    return events;
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
    const stored = await storedEventsOf(match, since);
    const firstOf = new Map<string, Delivery>();
    const { changed, newlyApplied } = await ctx.sql.tx(async () => {
      // A retried pause is no new pause, nor a retried unpause the end of a later pause (as ingest
      // judged them); an event whose fields cannot be read was stored as failed.
      const applicable = [];
      /** The delivery that began the pause in force at this point of the log, if any. */
      let pauseStart: Delivery | undefined;
      for (const { row, e } of stored) {
        const here = { id: Number(row.id), receivedAt: Number(row.receivedAt) };
        const first = firstOf.get(row.bodyHash);
        firstOf.set(row.bodyHash, first ?? here);
        if (retriedPause(e, first !== undefined) || retriedUnpause(e, first, pauseStart, here.receivedAt)) {
          continue;
        }
        if (e.event === 'match_paused' || e.event === 'match_unpaused') {
          pauseStart = e.event === 'match_paused' ? here : undefined;
        }
        try {
          applicable.push({
            row,
            e,
            effect: progressEvent(e, await applier.storedRound(match.matchid, e, row.id)),
          });
        } catch {
          // Unreadable fields: it was stored as failed.
        }
      }
      const effects = applicable.flatMap(({ effect }) => effect ?? []);
      const progress =
        effects.length > 0 ? await applier.apply((await matches.get(slug))!, ...effects) : undefined;
      let fresh = 0;
      let liveChanged = false;
      for (const { row, e } of applicable) {
        if (row.outcome === APPLIED || row.outcome === CHANGES_NOTHING) {
          continue;
        }
        liveChanged = (await applier.applyLive((await matches.get(slug))!, e, touchesLive(e))) || liveChanged;
        await repo.setOutcome(row.id, APPLIED);
        fresh += 1;
      }
      return { changed: progress ?? (liveChanged ? true : undefined), newlyApplied: fresh };
    });
    const seriesEnded = typeof changed === 'object' && changed.seriesEnded;
    if (changed) {
      ctx.live.matches(slug);
    }
    if (seriesEnded) {
      await applier.endSeries((await matches.get(slug))!, changed.progress, changed.seriesReport);
    }
    ctx.logger.info(
      { module: 'plugin-events', match: slug, events: stored.length, newlyApplied, seriesEnded },
      'stored events replayed',
    );
    return { matchSlug: slug, since, events: stored.length, newlyApplied, changed: !!changed, seriesEnded };
  }

  return { storedEventsOf, replay };
}
