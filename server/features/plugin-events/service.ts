import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import {
  mapResultSchema,
  pluginEventSchema,
  roundEndSchema,
  type PluginEvent,
} from '../../../shared/contracts/plugin-events.js';
import {
  applyProgressEvent,
  mapsRanOut,
  type MatchProgress,
  type ProgressEvent,
  type ProgressOutcome,
} from '../../../shared/domain/match-progress.js';
import { judgeSeries } from '../../../shared/domain/tournament-rules.js';
import { progressEvents } from '../../../shared/domain/webhook-events.js';
import { playList } from '../matches/play-list.js';
import { createMatchesRepo, type MatchRecord } from '../matches/repo.js';
import type { SeriesResult } from '../matches/service.js';
import { createTournamentRepo } from '../tournament/repo.js';
import type { EmitMatchEvent } from '../webhooks/service.js';
import { createPluginEventsRepo } from './repo.js';
import { applyLiveEvent, applyReport, type MatchLive } from '../../../shared/domain/match-live.js';
import type { ServersService } from '../servers/service.js';
import type { SettingsService } from '../settings/service.js';
import type { LivePayload } from '../../../shared/contracts/live.js';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'unmatched';

/** Stored outcomes of an event that went through the apply step (a replay does not redo its side effects). */
const APPLIED = 'applied';
const CHANGES_NOTHING = 'ignored: changes nothing';

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

/** Events that hold or free the match's server (a map end waits for its demo). */
const HOLD_EVENTS = new Set([
  'map_result',
  'series_end',
  'demo_upload_start',
  'demo_upload_success',
  'demo_upload_fail',
  'demo_upload_ended',
]);

/** An empty live state to find out whether an event says anything about players, pauses or demos. */
const EMPTY_PROBE: MatchLive = { players: {}, spectators: [], pause: null, demos: [], report: null };

const MAP_EVENTS = new Set([
  'going_live',
  'round_started',
  'halftime_started',
  'overtime_started',
  'match_paused',
  'match_unpaused',
]);

/** Damage of one side in a round_end: the sum over its players' cumulative map stats. */
const damageOf = (team: z.infer<typeof roundEndSchema>['team1']) =>
  team.players.reduce((sum, p) => sum + (p.stats?.damage ?? 0), 0);

/** The fields the progress reducer reads, or undefined for events that do not change a match. */
function progressEvent(e: PluginEvent): ProgressEvent | undefined {
  const mapNumber = e.map_number ?? 0;
  if (e.event === 'series_start' || e.event === 'series_end') {
    return { event: e.event };
  }
  if (MAP_EVENTS.has(e.event)) {
    return { event: e.event as 'going_live', mapNumber };
  }
  if (e.event === 'round_end') {
    const r = roundEndSchema.parse(e);
    return {
      event: 'round_end',
      mapNumber,
      round: r.round_number,
      team1Score: r.team1.score,
      team2Score: r.team2.score,
      team1Damage: damageOf(r.team1),
      team2Damage: damageOf(r.team2),
    };
  }
  if (e.event === 'map_result') {
    const r = mapResultSchema.parse(e);
    return { event: 'map_result', mapNumber, team1Score: r.team1.score, team2Score: r.team2.score };
  }
  return undefined;
}

export interface PluginEventsDeps {
  recordSeriesResult(slug: string, result: SeriesResult): Promise<MatchRecord>;
  servers: Pick<
    ServersService,
    'notePlugin' | 'noteTestEvent' | 'noteHealth' | 'holdForDemo' | 'demoUploadStarted' | 'demoUploadReported'
  >;
  settings: Pick<SettingsService, 'read'>;
  /** Announces a match change to webhooks, inside the change's transaction. */
  emitMatchEvent: EmitMatchEvent;
}

/** GOTV delay assumed outside simulation: the spec's "about 5 minutes" hold for a silent upload. */
const USUAL_TV_DELAY_S = 135;

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** Server-level events (PROTOCOL.md 2.4.20–21): what they tell about the plugin and its server. */
const SERVER_EVENTS: Record<string, (e: Json, now: number) => Parameters<ServersService['notePlugin']>[1]> = {
  server_configured: (e, now) => ({
    reportedHostname: text(e.hostname),
    pluginVersion: text(e.plugin_version),
    configuredAt: now,
    // A plugin that starts up again runs the game build installed at that restart.
    ...(e.configured_by === 'Startup' ? { updateRequiredVersion: null } : {}),
  }),
  server_health: (e) => ({
    pluginVersion: text(e.plugin_version),
    dbOk: typeof e.db_ok === 'boolean' ? e.db_ok : null,
    dbType: text(e.db_type),
    dbError: text(e.db_error),
  }),
  cs2_update_required: (e) => ({ updateRequiredVersion: text(e.required_version) ?? 'unknown' }),
  test_event: () => ({}),
};

/**
 * Plugin events: stored raw first (nothing lost on a bad apply), deduplicated by their bytes (the
 * plugin retries identical bodies, possibly hours late), then applied idempotently in any order.
 */
export function createPluginEventsService(ctx: AppContext, deps: PluginEventsDeps) {
  const repo = createPluginEventsRepo(ctx.db);
  const matches = createMatchesRepo(ctx.db);
  const tournaments = createTournamentRepo(ctx.db);

  function parse(raw: Buffer): PluginEvent {
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError('BAD_JSON', 400, 'The event body is not valid JSON.');
    }
    const parsed = pluginEventSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('VALIDATION_FAILED', 400, 'An event is a JSON object with an "event" name.');
    }
    return parsed.data;
  }

  /**
   * The match an event is for, if its sender may report it: the URL names the match (slug) or the
   * server, and a match event from a server the match is not assigned to is not applied.
   */
  function matchFor(
    e: PluginEvent,
    sender: string | undefined,
  ): { outcome: 'applied' | 'ignored' | 'unmatched'; match?: MatchRecord; why?: string } {
    if (e.matchid === undefined || e.matchid < 0) {
      return { outcome: 'ignored', why: 'no match loaded' };
    }
    const match = matches.getByMatchid(e.matchid);
    if (!match) {
      return { outcome: 'unmatched', why: `no match has matchid ${e.matchid}` };
    }
    if (sender !== undefined && sender !== match.slug && sender !== match.serverId) {
      return { outcome: 'ignored', match, why: `match ${match.slug} is not assigned to ${sender}` };
    }
    return { outcome: 'applied', match };
  }

  const onServer = (m: MatchRecord) => m.status === 'loaded' || m.status === 'live';

  function progressOf(m: MatchRecord): MatchProgress {
    return {
      status: m.status,
      phase: m.phase,
      currentMapNumber: m.currentMapNumber,
      team1SeriesScore: m.team1SeriesScore,
      team2SeriesScore: m.team2SeriesScore,
      team1MapScore: m.team1MapScore,
      team2MapScore: m.team2MapScore,
      maps: repo.maps(m.slug),
    };
  }

  /**
   * A series end: maps won decide; a level series goes through the tiebreaks of API.md decision 8. A
   * match that ended meanwhile (a retried or replayed series end) is left alone.
   */
  async function endSeries(match: MatchRecord, p: MatchProgress): Promise<void> {
    const now = matches.get(match.slug);
    if (!now || !onServer(now)) {
      return;
    }
    const type = match.tournamentId === null ? null : (tournaments.get(match.tournamentId)?.type ?? null);
    const totals = (side: 'team1' | 'team2') => ({
      mapsWon: side === 'team1' ? p.team1SeriesScore : p.team2SeriesScore,
      roundsWon: p.maps.reduce((sum, m) => sum + (side === 'team1' ? m.team1Score : m.team2Score), 0),
      damage: p.maps.reduce((sum, m) => sum + (side === 'team1' ? m.team1Damage : m.team2Damage), 0),
    });
    const verdict = judgeSeries(type, totals('team1'), totals('team2'));
    await deps.recordSeriesResult(match.slug, {
      // needs_decision: no winner; recordSeriesResult keeps such a match for an admin.
      winner: verdict.status === 'completed' ? verdict.winner : null,
      team1SeriesScore: p.team1SeriesScore,
      team2SeriesScore: p.team2SeriesScore,
    });
  }

  /**
   * Applies events to their match in the order given; undefined when they change nothing. Several
   * events (a replay) are reduced in memory first, so only their net effect is written.
   */
  function apply(current: MatchRecord, ...effects: ProgressEvent[]) {
    const slug = current.slug;
    const before = progressOf(current);
    let result: ProgressOutcome = { progress: before, changed: false, seriesEnded: false };
    for (const effect of effects) {
      const next = applyProgressEvent(result.progress, effect, current.overtimeMode);
      result = {
        progress: next.progress,
        changed: false,
        seriesEnded: result.seriesEnded || next.seriesEnded,
      };
    }
    result.changed = result.seriesEnded || JSON.stringify(result.progress) !== JSON.stringify(before);
    if (!result.changed) {
      return undefined;
    }
    const p = result.progress;
    const played = playList(current).maps;
    for (const map of p.maps) {
      repo.saveMap(slug, played[map.number] ?? '', map);
    }
    matches.save(
      {
        ...current,
        status: p.status,
        phase: p.phase,
        currentMapNumber: p.currentMapNumber,
        team1SeriesScore: p.team1SeriesScore,
        team2SeriesScore: p.team2SeriesScore,
        team1MapScore: p.team1MapScore,
        team2MapScore: p.team2MapScore,
        loadedAt: current.loadedAt ?? (p.status === 'loaded' || p.status === 'live' ? ctx.clock.now() : null),
      },
      current,
    );
    for (const { type, mapNumber } of progressEvents(before, p)) {
      deps.emitMatchEvent(type, slug, { mapNumber });
    }
    return result;
  }

  /**
   * Players, pauses and demos of a match; a map end or a demo upload also holds or frees its server.
   * Answers whether anything changed.
   */
  function applyLive(match: MatchRecord, e: Json, touchesLive: boolean): boolean {
    // Most events (rounds) say nothing about players, pauses or demos: no read for them.
    const holds = HOLD_EVENTS.has(String(e.event)) && match.serverId !== null;
    if (!touchesLive && !holds) {
      return false;
    }
    const before = repo.live(match.slug);
    const after = applyLiveEvent(before, e);
    if (after !== before) {
      repo.saveLive(match.slug, after, ctx.clock.now());
    }
    if (holds) {
      holdOrFree(match.serverId!, match.slug, after, e);
    }
    return after !== before;
  }

  function holdOrFree(serverId: string, slug: string, live: MatchLive, e: Json): void {
    const mapNumber = typeof e.map_number === 'number' ? e.map_number : null;
    const isBackup = typeof e.filename === 'string' && e.filename.endsWith('.json');
    if (e.event === 'map_result') {
      const settings = deps.settings.read();
      // A late map_result whose demo already reported back holds nothing.
      const reported = live.demos.some(
        (d) => d.mapNumber === mapNumber && (d.state === 'uploaded' || d.state === 'failed'),
      );
      if (settings.demoRecording && !reported) {
        deps.servers.holdForDemo(serverId, slug, settings.simulateMatches ? 0 : USUAL_TV_DELAY_S);
      }
    } else if (e.event === 'series_end') {
      // The series is over: what the plugin said during it no longer describes the server.
      deps.servers.notePlugin(serverId, { pluginStatus: null });
    } else if (e.event === 'demo_upload_start' && !isBackup) {
      deps.servers.demoUploadStarted(serverId, slug);
    } else if (
      (e.event === 'demo_upload_ended' ||
        e.event === 'demo_upload_success' ||
        e.event === 'demo_upload_fail') &&
      !isBackup
    ) {
      deps.servers.demoUploadReported(serverId);
    }
  }

  type Answer = { outcome: EventOutcome; message?: string };
  type Ended = { match: MatchRecord; progress: MatchProgress };
  /** What one event did; `stored` and `appliedTo` are announced live once the batch committed. */
  type Ingested = { answer: Answer; ended?: Ended; stored?: LivePayload; appliedTo?: string };

  /** Stores and applies one parsed event; runs inside the batch's transaction. */
  function ingestOne(raw: Buffer, e: PluginEvent, sender: string | undefined): Ingested {
    const bodyHash = createHash('sha256').update(raw).digest('hex');
    if (repo.isStored(bodyHash)) {
      return { answer: { outcome: 'duplicate' } };
    }
    const store = (outcome: string, matchSlug: string | null): LivePayload => {
      const receivedAt = ctx.clock.now();
      repo.store({
        bodyHash,
        event: e.event,
        matchid: e.matchid ?? null,
        mapNumber: e.map_number ?? null,
        sender: sender ?? null,
        matchSlug,
        body: raw.toString('utf8'),
        receivedAt,
        outcome,
      });
      const { event, matchid = null } = e;
      return { topic: 'plugin.event', event, matchid, sender: sender ?? null, outcome, receivedAt };
    };
    const serverEvent = SERVER_EVENTS[e.event];
    if (serverEvent) {
      const serverId = text(e.server_id) ?? sender;
      const known =
        serverId !== undefined && deps.servers.notePlugin(serverId, serverEvent(e, ctx.clock.now()));
      if (known && e.event === 'test_event') {
        deps.servers.noteTestEvent(serverId);
      }
      if (known && e.event === 'server_health') {
        deps.servers.noteHealth(serverId);
      }
      const why = known ? undefined : `no server "${serverId ?? ''}" is registered`;
      const stored = store(known ? 'applied' : `unmatched: ${why}`, null);
      return { answer: { outcome: known ? 'applied' : 'unmatched', message: why }, stored };
    }
    const effect = progressEvent(e);
    const target = matchFor(e, sender);
    const match = target.match;
    const touchesLive = applyLiveEvent(EMPTY_PROBE, e) !== EMPTY_PROBE;
    if (target.outcome !== 'applied' || !match || (!effect && !touchesLive)) {
      const outcome = target.outcome === 'applied' ? 'ignored' : target.outcome;
      const why = target.why ?? `${e.event} does not change a match`;
      const stored = store(`${outcome}: ${why}`, match?.slug ?? null);
      return { answer: { outcome, message: why }, stored };
    }
    try {
      // Nested: a failed apply is undone alone and the event is still stored, with the reason.
      const { changed, liveChanged } = ctx.db.transaction(() => ({
        changed: effect ? apply(match, effect) : undefined,
        liveChanged: applyLive(match, e, touchesLive),
      }))();
      const stored = store(changed || liveChanged ? APPLIED : CHANGES_NOTHING, match.slug);
      return {
        answer: { outcome: changed || liveChanged ? 'applied' : 'ignored' },
        ended: changed?.seriesEnded ? { match, progress: changed.progress } : undefined,
        stored,
        appliedTo: changed || liveChanged ? match.slug : undefined,
      };
    } catch (err) {
      ctx.logger.error({ err, event: e.event, match: match.slug }, 'a plugin event could not be applied');
      const stored = store(`failed: ${(err as Error).message}`, match.slug);
      return {
        answer: { outcome: 'ignored', message: 'stored; it could not be applied (see the log)' },
        stored,
      };
    }
  }

  /** Live messages of a committed batch: the event monitor's lines, then each changed match once. */
  function announce(results: readonly Ingested[]): void {
    for (const r of results) {
      if (r.stored) {
        ctx.live.publish(r.stored);
      }
    }
    ctx.live.matches(...results.flatMap((r) => (r.appliedTo ? [r.appliedTo] : [])));
  }

  /**
   * Group commit: events arriving together are written in one transaction (a commit costs more than
   * applying an event); each answer waits for the commit that holds its event.
   */
  const queue: { run: () => Ingested; done: (r: unknown, err?: unknown) => void }[] = [];
  function flush(): void {
    const batch = queue.splice(0);
    const results: (Ingested | Error)[] = [];
    try {
      ctx.db.transaction(() => {
        for (const job of batch) {
          try {
            results.push(ctx.db.transaction(job.run)());
          } catch (err) {
            results.push(err as Error);
          }
        }
      })();
    } catch (err) {
      batch.forEach((job) => job.done(undefined, err));
      return;
    }
    announce(results.filter((r): r is Ingested => !(r instanceof Error)));
    batch.forEach((job, i) => {
      const result = results[i]!;
      if (result instanceof Error) {
        job.done(undefined, result);
      } else {
        job.done(result);
      }
    });
  }

  /** Where a report's match is: by numeric match id first (the plugin's slug is that id as text). */
  function reportedMatch(body: Json, report: Json): MatchRecord | undefined {
    const match = (report.match ?? {}) as Json;
    for (const candidate of [match.matchId, match.slug, body.matchSlug]) {
      const id = typeof candidate === 'number' ? candidate : Number(candidate);
      const found = Number.isInteger(id) && id > 0 ? matches.getByMatchid(id) : undefined;
      if (found) {
        return found;
      }
    }
    const slug = text(match.slug) ?? text(body.matchSlug);
    return slug ? matches.get(slug) : undefined;
  }

  /**
   * A match report (PROTOCOL.md 3.2): the server's status always; players, spectators, pause and
   * the current map's score only for the live match assigned to that server, and never from an
   * idle server (its report names the match it finished last).
   */
  async function ingestReport(body: Json, serverId: string): Promise<{ applied: boolean; message: string }> {
    if (text(body.serverId) !== serverId) {
      throw new AppError(
        'FORBIDDEN',
        403,
        `This report token belongs to server ${serverId}, not "${text(body.serverId) ?? ''}".`,
      );
    }
    const report = (body.report ?? {}) as Json;
    const server = (report.server ?? {}) as Json;
    const reported = (report.match ?? {}) as Json;
    const status = text(server.tournamentStatus);
    const match = reportedMatch(body, report);
    // A late report about a match that is over would bring back a stale status: it is not noted.
    const current =
      !match || (match.serverId === serverId && (match.status === 'loaded' || match.status === 'live'));
    deps.servers.notePlugin(serverId, {
      ...(status && current ? { pluginStatus: status } : {}),
      ...(text(server.moduleVersion) ? { pluginVersion: text(server.moduleVersion) } : {}),
    });
    const skip = (message: string) => ({ applied: false, message });
    if (!match) {
      return skip('no match of this report is known; the server status was recorded');
    }
    if (match.serverId !== serverId) {
      return skip(`match ${match.slug} is not assigned to ${serverId}`);
    }
    if (status === 'idle' || reported.phase === 'idle') {
      if (onServer(match) && mapsRanOut(repo.maps(match.slug), playList(match).maps.length)) {
        await endSeries(match, progressOf(match));
        return { applied: true, message: 'the server is idle after the last map: the series is decided' };
      }
      return skip('the server is idle; its report is not applied to the match it finished');
    }
    if (!onServer(match)) {
      return skip(`match ${match.slug} is ${match.status}`);
    }
    ctx.db.transaction(() => {
      repo.saveLive(match.slug, applyReport(repo.live(match.slug), report, ctx.clock.now()), ctx.clock.now());
      const map = (reported.map ?? {}) as Json;
      const score = (reported.score ?? {}) as Json;
      const [t1, t2] = [Number(score.team1), Number(score.team2)];
      const onCurrentMap = Number(map.index) === (match.currentMapNumber ?? 0);
      const newer = t1 + t2 >= match.team1MapScore + match.team2MapScore;
      const paused = reported.paused === true;
      // A report may be older than the pause it crossed; only match_unpaused lifts a pause.
      const phase = paused ? 'paused' : match.phase;
      const scored = onCurrentMap && newer && Number.isInteger(t1) && Number.isInteger(t2);
      if (scored || phase !== match.phase) {
        matches.save({
          ...match,
          phase: match.status === 'live' ? phase : match.phase,
          ...(scored ? { team1MapScore: t1, team2MapScore: t2 } : {}),
        });
      }
    })();
    ctx.live.matches(match.slug);
    return { applied: true, message: 'applied' };
  }

  function matchOrThrow(slug: string): MatchRecord {
    const match = matches.get(slug);
    if (!match) {
      throw notFound(`Match "${slug}"`);
    }
    return match;
  }

  /** The match's stored events that its sender may report (as ingest judged them), oldest first. */
  function storedEventsOf(match: MatchRecord, since: number) {
    return repo.eventsOfMatchid(match.matchid, since).flatMap((row) => {
      const parsed = pluginEventSchema.safeParse(JSON.parse(row.body));
      if (!parsed.success) {
        return [];
      }
      const target = matchFor(parsed.data, row.sender ?? undefined);
      return target.outcome === 'applied' && target.match?.slug === match.slug
        ? [{ row, e: parsed.data }]
        : [];
    });
  }

  /**
   * Re-applies the match's stored events received since `since`, in arrival order. Scores, maps and
   * phases go through the same reducer as live events, so what the match holds already changes
   * nothing; players, pauses, demos and server holds only for events that were never applied. A stored
   * series end ends a series still on its server. A second replay changes nothing.
   */
  async function replay(slug: string, since: number): Promise<ReplaySummary> {
    const match = matchOrThrow(slug);
    const stored = storedEventsOf(match, since);
    const { changed, newlyApplied } = ctx.db.transaction(() => {
      const effects = stored.flatMap(({ e }) => progressEvent(e) ?? []);
      const progress = effects.length > 0 ? apply(matches.get(slug)!, ...effects) : undefined;
      let fresh = 0;
      let liveChanged = false;
      for (const { row, e } of stored) {
        if (row.outcome === APPLIED || row.outcome === CHANGES_NOTHING) {
          continue;
        }
        const touchesLive = applyLiveEvent(EMPTY_PROBE, e) !== EMPTY_PROBE;
        liveChanged = applyLive(matches.get(slug)!, e, touchesLive) || liveChanged;
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
      await endSeries(matches.get(slug)!, changed.progress);
    }
    ctx.logger.info(
      { module: 'plugin-events', match: slug, events: stored.length, newlyApplied, seriesEnded },
      'stored events replayed',
    );
    return { matchSlug: slug, since, events: stored.length, newlyApplied, changed: !!changed, seriesEnded };
  }

  return {
    ingestReport,
    replay,
    /** Whether a series end of the match from its server is in the stored event log. */
    hasStoredSeriesEnd: (slug: string) =>
      storedEventsOf(matchOrThrow(slug), 0).some(({ e }) => e.event === 'series_end'),
    /** Decides a series on the maps played (no series end came): maps won, then rounds, then damage. */
    async finishSeries(slug: string): Promise<void> {
      const match = matchOrThrow(slug);
      await endSeries(match, progressOf(match));
    },
    /** The match's stored plugin events, oldest first, each with what Matchday did with it. */
    eventsOf(slug: string) {
      if (!matches.get(slug)) {
        throw notFound(`Match "${slug}"`);
      }
      return repo
        .eventsOf(slug)
        .map(({ bodyHash: _hash, body, ...e }) => ({ ...e, payload: JSON.parse(body) as unknown }));
    },
    /** Who is on the match's server, pauses and demos, from its events and the last report. */
    live(slug: string): MatchLive {
      if (!matches.get(slug)) {
        throw notFound(`Match "${slug}"`);
      }
      return repo.live(slug);
    },

    async ingest(raw: Buffer, sender?: string): Promise<Answer> {
      const e = parse(raw);
      const result = await new Promise<Ingested>((resolve, reject) => {
        queue.push({
          run: () => ingestOne(raw, e, sender),
          done: (r, err) => (err ? reject(err) : resolve(r as Ingested)),
        });
        if (queue.length === 1) {
          setImmediate(flush);
        }
      });
      if (result.ended) {
        await endSeries(result.ended.match, result.ended.progress);
      }
      return result.answer;
    },
  };
}

export type PluginEventsService = ReturnType<typeof createPluginEventsService>;
