import type { PluginEvent } from '../../../shared/contracts/plugin-events.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import type { MatchLive } from '../../../shared/domain/match-live.js';
import { mapsOnServer, playedOnServer } from '../../../shared/domain/map-advantage.js';
import type { MatchProgress } from '../../../shared/domain/match-progress.js';
import { seriesDecidedOnServer } from '../../../shared/domain/postgame.js';
import type { MatchRecord } from '../matches/index.js';
import type { ServersService } from '../servers/index.js';
import { createMatchApplier, type ApplyDeps } from './apply-to-match.js';
import { createRunApplier } from './apply-run.js';
import { createEventLog } from './event-log.js';
import { createGroupCommit } from './group-commit.js';
import { announceBatch, createIngestOne, type Answer, type Ingested } from './ingest.js';
import { createIngestBatch, type PostedEvent } from './ingest-batch.js';
import { parsePluginEvent } from './normalise.js';
import { createReplay, type ReplaySummary } from './replay.js';
import { createReportIngest } from './report.js';
import { createServerHolds, type ServerHoldsDeps } from './server-holds.js';

export type { EventOutcome } from './ingest.js';
export type { ReplaySummary } from './replay.js';

export interface PluginEventsDeps extends ApplyDeps, Pick<ServerHoldsDeps, 'settings'> {
  servers: Pick<
    ServersService,
    | 'notePlugin'
    | 'noteTestEvent'
    | 'noteHealth'
    | 'noteRestart'
    | 'noteStartUp'
    | 'holdForDemo'
    | 'demoUploadStarted'
    | 'demoUploadReported'
    | 'restoreKickDelays'
  >;
  /** The test-matches feature's claim on an event of its own matches (API.md decision 58). */
  claimTestMatchEvent?(e: PluginEvent): Promise<boolean>;
  /**
   * The plugin ended a series: its load closes and the next match goes out at once, queued behind the
   * plugin's postgame (PROTOCOL.md 6.1), so the server's turnover is the plugin's alone.
   */
  seriesEnded?(slug: string): Promise<void>;
  /** A demo upload reported back, which may free its server: the next match goes out at once. */
  demoReported?(): void;
  /**
   * Ends the series the server plays (`css_endmatch`, the admin's stop path); done once the server took
   * it. Used when the map advantage decided a series the plugin would play on (decision 78).
   */
  stopOnServer?(serverId: string): Promise<void>;
}

/** Upload reports that end a demo's hold on its server (server-holds.ts). */
const DEMO_REPORTS = new Set(['demo_upload_success', 'demo_upload_fail', 'demo_upload_ended']);

/**
 * Plugin events: every delivery stored raw first (nothing lost on a bad apply), then applied as the
 * state it describes, in any order (PROTOCOL.md 3.1.1): the plugin's retries (identical bodies, possibly
 * hours late) change nothing, and a new event with the same bytes as an earlier one is applied again.
 * Each step of an event's way is a file of this folder; this file puts them together.
 */
export function createPluginEventsService(ctx: AppContext, deps: PluginEventsDeps) {
  const { repos } = ctx;
  const applier = createMatchApplier(ctx, deps, repos, createServerHolds(deps));
  const log = createEventLog(ctx, repos.pluginEvents);
  const ingestOne = createIngestOne(ctx, deps.servers, log, applier, deps.claimTestMatchEvent);
  const ingestBatch = createIngestBatch(
    ctx,
    log,
    applier,
    repos.matches.getByMatchid,
    createRunApplier(repos, applier),
    ingestOne,
    deps.claimTestMatchEvent,
  );
  const commit = createGroupCommit<PostedEvent, Ingested>(ctx.sql, ingestBatch, (results) =>
    announceBatch(ctx, results),
  );
  const { storedEventsOf, replay } = createReplay(ctx, repos, applier);

  async function matchOrThrow(slug: string): Promise<MatchRecord> {
    const match = await repos.matches.get(slug);
    if (!match) {
      throw notFound(`Match "${slug}"`);
    }
    return match;
  }

  /**
   * The advantage team reached the maps to win (decision 78), which the plugin does not know: unless its
   * own series is over too (every map of its shorter series played, or clinched), it would load the next
   * map, so the series is ended there before the server is given anything else. The map just played
   * keeps its demo: the plugin's stop and upload timers outlive `css_endmatch` (sivert-io/MatchZy-Enhanced
   * 1.4.21 src/DemoManagement.cs StopDemoRecording, src/Utility.cs ResetMatch).
   */
  async function stopAfterAdvantage(match: MatchRecord, progress: MatchProgress): Promise<void> {
    const pluginSeriesOver = seriesDecidedOnServer(
      playedOnServer({ ...progress, mapAdvantage: match.mapAdvantage }),
      progress.maps,
      mapsOnServer(match.format, match.mapAdvantage),
    );
    if (!pluginSeriesOver && match.serverId !== null) {
      await deps.stopOnServer?.(match.serverId);
    }
  }

  return {
    ingestReport: createReportIngest(ctx, deps, repos, applier),
    /** Re-applies the match's stored events received since `since` (see replay.ts). */
    replay: async (slug: string, since: number): Promise<ReplaySummary> =>
      replay(await matchOrThrow(slug), since),
    /** Whether a series end of the match from its server is in the stored event log. */
    hasStoredSeriesEnd: async (slug: string) =>
      (await storedEventsOf(await matchOrThrow(slug), 0)).some(({ e }) => e.event === 'series_end'),
    /** Decides a series on the maps played (no series end came): maps won, then rounds, then damage. */
    async finishSeries(slug: string): Promise<void> {
      const match = await matchOrThrow(slug);
      await applier.endSeries(match, await applier.progressOf(match));
    },
    /** Whether the match's server sent `event` at or after `since` (what confirms an admin control). */
    async received(slug: string, event: string, since: number): Promise<boolean> {
      return (await repos.pluginEvents.eventsOf(slug, since)).some((e) => e.event === event);
    },
    /** When the server last posted anything about itself or this match (API.md decision 56); null: never. */
    lastPostAt: (serverId: string, matchSlug: string) => repos.pluginEvents.lastPostAt(serverId, matchSlug),
    /** The match's stored plugin events, oldest first, each with what Matchday did with it. */
    async eventsOf(slug: string) {
      await matchOrThrow(slug);
      return (await repos.pluginEvents.eventsOf(slug)).map(({ bodyHash: _hash, body, ...e }) => ({
        ...e,
        payload: JSON.parse(body) as unknown,
      }));
    },
    /** Who is on the match's server, pauses and demos, from its events and the last report. */
    async live(slug: string): Promise<MatchLive> {
      await matchOrThrow(slug);
      return repos.pluginEvents.live(slug);
    },

    async ingest(raw: Buffer, sender?: string): Promise<Answer> {
      const e = parsePluginEvent(raw);
      const result = await commit({ raw, e, sender });
      if (result.ended) {
        if (result.ended.byAdvantage) {
          await stopAfterAdvantage(result.ended.match, result.ended.progress);
        }
        await applier.endSeries(result.ended.match, result.ended.progress, result.ended.report);
        await deps.seriesEnded?.(result.ended.match.slug);
        const serverId = result.ended.match.serverId;
        if (e.event === 'series_end' && serverId !== null) {
          // The plugin read its kick delays before it sent this (sivert-io/MatchZy-Enhanced
          // src/MatchManagement.cs EndSeries): a simulated match's may go back now. Not awaited: the
          // plugin's answer does not wait for RCON.
          deps.servers
            .restoreKickDelays(serverId)
            .catch((err: unknown) =>
              ctx.logger.warn({ module: 'plugin-events', server: serverId, err }, 'kick delays not restored'),
            );
        }
      }
      if (DEMO_REPORTS.has(e.event)) {
        deps.demoReported?.();
      }
      return result.answer;
    },
  };
}

export type PluginEventsService = ReturnType<typeof createPluginEventsService>;
