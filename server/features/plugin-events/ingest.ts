import type { AppContext } from '../../context.js';
import type { PluginEvent } from '../../../shared/contracts/plugin-events.js';
import type { LivePayload } from '../../../shared/contracts/live.js';
import type {
  MatchProgress,
  ProgressEvent,
  ProgressOutcome,
  SeriesEndReport,
} from '../../../shared/domain/match-progress.js';
import type { MatchRecord } from '../matches/index.js';
import type { ServersService } from '../servers/index.js';
import { clinchedByAdvantage } from '../../../shared/domain/map-advantage.js';
import { APPLIED, CHANGES_NOTHING, onServer, type MatchApplier } from './apply-to-match.js';
import { retriedPause, retriedUnpause, type EventLog } from './event-log.js';
import { progressEvent, SERVER_EVENTS, text, touchesLive } from './normalise.js';

/** One event's way through the steps: stored, then applied to its server or match as the state it describes. */

export type EventOutcome = 'applied' | 'ignored' | 'unmatched';
export type Answer = { outcome: EventOutcome; message?: string };
/** A series that ended: by the plugin, or by the map advantage (decision 78) while the plugin would play on. */
type Ended = { match: MatchRecord; progress: MatchProgress; report?: SeriesEndReport; byAdvantage?: true };
/** What one event did; `stored` and `appliedTo` are announced live once the batch committed. */
export type Ingested = { answer: Answer; ended?: Ended; stored?: LivePayload; appliedTo?: string };

/** Said of a delivery whose bytes came before: applying it again tells what it was (PROTOCOL.md 3.1.1). */
export const REPEAT = 'same bytes as an earlier delivery (a retry, or the same thing again)';

export function createIngestOne(
  ctx: Pick<AppContext, 'clock' | 'sql' | 'logger'>,
  servers: Pick<
    ServersService,
    'notePlugin' | 'noteTestEvent' | 'noteHealth' | 'noteRestart' | 'noteStartUp'
  >,
  log: EventLog,
  applier: MatchApplier,
  claimTestMatchEvent: (e: PluginEvent) => Promise<boolean> = () => Promise.resolve(false),
) {
  // Nested: a failed apply is undone alone and the event is still stored, with the reason.
  const applyAlone = (match: MatchRecord, e: PluginEvent, effect: ProgressEvent | undefined, live: boolean) =>
    ctx.sql.tx(async () => ({
      changed: effect ? await applier.apply(match, effect) : undefined,
      liveChanged: await applier.applyLive(match, e, live),
    }));

  /** Stores and applies one parsed event; runs inside the batch's transaction. */
  return async function ingestOne(
    raw: Buffer,
    e: PluginEvent,
    sender: string | undefined,
  ): Promise<Ingested> {
    const bodyHash = log.hashOf(raw);
    const repeat = await log.isRepeat(bodyHash);
    const note = (why?: string) => {
      const message = [why, repeat ? REPEAT : undefined].filter(Boolean).join('; ');
      return message ? { message } : {};
    };
    const store = (outcome: string, matchSlug: string | null) =>
      log.store(bodyHash, raw, e, sender, outcome, matchSlug);
    const serverEvent = SERVER_EVENTS[e.event];
    if (serverEvent) {
      const serverId = text(e.server_id) ?? sender;
      const known =
        serverId !== undefined && (await servers.notePlugin(serverId, serverEvent(e, ctx.clock.now())));
      if (known && e.event === 'test_event') {
        await servers.noteTestEvent(serverId);
      }
      if (known && e.event === 'server_health') {
        servers.noteHealth(serverId);
      }
      if (known && e.event === 'server_configured' && e.configured_by === 'Startup') {
        await servers.noteStartUp(serverId);
        servers.noteRestart(serverId);
      }
      const why = known ? undefined : `no server "${serverId ?? ''}" is registered`;
      const stored = await store(known ? 'applied' : `unmatched: ${why}`, null);
      return { answer: { outcome: known ? 'applied' : 'unmatched', ...note(why) }, stored };
    }
    // A test match's events note its steps and are not kept: the match leaves nothing behind.
    if (await claimTestMatchEvent(e)) {
      return { answer: { outcome: 'applied', message: 'a test match event' } };
    }
    const target = await applier.matchFor(e, sender);
    const match = target.match;
    /** Stored all the same, with the reason, and answered 2xx: a retry would fail the same way. */
    const failed = async (err: unknown, slug: string): Promise<Ingested> => {
      ctx.logger.error({ err, event: e.event, match: slug }, 'a plugin event could not be applied');
      const stored = await store(`failed: ${(err as Error).message}`, slug);
      return {
        answer: { outcome: 'ignored', message: 'stored; it could not be applied (see the log)' },
        stored,
      };
    };
    let effect: ProgressEvent | undefined;
    if (match) {
      try {
        effect = progressEvent(e, await applier.storedRound(match.matchid, e));
      } catch (err) {
        return failed(err, match.slug);
      }
    }
    const live = touchesLive(e);
    const retry =
      retriedPause(e, repeat) ??
      (e.event === 'match_unpaused' && repeat && match?.phase === 'paused'
        ? retriedUnpause(
            e,
            await log.firstDelivery(bodyHash),
            await log.pauseStart(match.slug),
            ctx.clock.now(),
          )
        : undefined);
    if (target.outcome !== 'applied' || !match || (!effect && !live) || retry) {
      const outcome = target.outcome === 'applied' ? 'ignored' : target.outcome;
      const why = target.why ?? retry ?? `${e.event} does not change a match`;
      const stored = await store(`${outcome}: ${why}`, match?.slug ?? null);
      return { answer: { outcome, ...note(why) }, stored };
    }
    try {
      const { changed, liveChanged } = await applyAlone(match, e, effect, live);
      const stored = await store(changed || liveChanged ? APPLIED : CHANGES_NOTHING, match.slug);
      return {
        answer: { outcome: changed || liveChanged ? 'applied' : 'ignored', ...note() },
        ended: endOf(match, changed),
        stored,
        appliedTo: changed || liveChanged ? match.slug : undefined,
      };
    } catch (err) {
      return failed(err, match.slug);
    }
  };
}

/** The series end an applied event brought: the plugin's, or the map advantage's (decision 78). */
function endOf(match: MatchRecord, changed: ProgressOutcome | undefined): Ended | undefined {
  if (!changed) {
    return undefined;
  }
  if (changed.seriesEnded) {
    return { match, progress: changed.progress, report: changed.seriesReport };
  }
  // A late map of a series already over (2.4.19) ends nothing: its server may play another match by now.
  if (onServer(match) && clinchedByAdvantage(changed.progress, match.format, match.mapAdvantage)) {
    return { match, progress: changed.progress, byAdvantage: true };
  }
  return undefined;
}

export type IngestOne = ReturnType<typeof createIngestOne>;

/** Live messages of a committed batch: the event monitor's lines, then each changed match once. */
export function announceBatch(ctx: Pick<AppContext, 'live'>, results: readonly Ingested[]): void {
  for (const r of results) {
    if (r.stored) {
      ctx.live.publish(r.stored);
    }
  }
  ctx.live.matches(...results.flatMap((r) => (r.appliedTo ? [r.appliedTo] : [])));
}
