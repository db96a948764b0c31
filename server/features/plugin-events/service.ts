import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import {
  mapResultSchema,
  pluginEventSchema,
  roundEndSchema,
  type PluginEvent,
} from '../../../shared/contracts/plugin-events.js';
import {
  applyProgressEvent,
  type MatchProgress,
  type ProgressEvent,
} from '../../../shared/domain/match-progress.js';
import { judgeSeries } from '../../../shared/domain/tournament-rules.js';
import { createMatchesRepo, type MatchRecord } from '../matches/repo.js';
import type { SeriesResult } from '../matches/service.js';
import { createTournamentRepo } from '../tournament/repo.js';
import { createPluginEventsRepo } from './repo.js';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'unmatched';

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
}

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

  /** A series end: maps won decide; a level series goes through the tiebreaks of API.md decision 8. */
  async function endSeries(match: MatchRecord, p: MatchProgress): Promise<void> {
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

  /** Applies one event to its match; undefined when it changes nothing. */
  function apply(slug: string, effect: ProgressEvent) {
    const current = matches.get(slug)!;
    const result = applyProgressEvent(progressOf(current), effect, current.overtimeMode);
    if (!result.changed) {
      return undefined;
    }
    const p = result.progress;
    for (const map of p.maps) {
      repo.saveMap(slug, current.mapPool[map.number] ?? '', map);
    }
    matches.save({
      ...current,
      status: p.status,
      phase: p.phase,
      currentMapNumber: p.currentMapNumber,
      team1SeriesScore: p.team1SeriesScore,
      team2SeriesScore: p.team2SeriesScore,
      team1MapScore: p.team1MapScore,
      team2MapScore: p.team2MapScore,
      loadedAt: current.loadedAt ?? (p.status === 'loaded' || p.status === 'live' ? ctx.clock.now() : null),
    });
    return result;
  }

  type Answer = { outcome: EventOutcome; message?: string };
  type Ended = { match: MatchRecord; progress: MatchProgress };

  /** Stores and applies one parsed event; runs inside the batch's transaction. */
  function ingestOne(
    raw: Buffer,
    e: PluginEvent,
    sender: string | undefined,
  ): { answer: Answer; ended?: Ended } {
    const bodyHash = createHash('sha256').update(raw).digest('hex');
    if (repo.isStored(bodyHash)) {
      return { answer: { outcome: 'duplicate' } };
    }
    const store = (outcome: string, matchSlug: string | null) =>
      repo.store({
        bodyHash,
        event: e.event,
        matchid: e.matchid ?? null,
        mapNumber: e.map_number ?? null,
        sender: sender ?? null,
        matchSlug,
        body: raw.toString('utf8'),
        receivedAt: ctx.clock.now(),
        outcome,
      });
    const effect = progressEvent(e);
    const target = matchFor(e, sender);
    const match = target.match;
    if (target.outcome !== 'applied' || !match || !effect) {
      const outcome = target.outcome === 'applied' ? 'ignored' : target.outcome;
      const why = target.why ?? `${e.event} does not change a match`;
      store(`${outcome}: ${why}`, match?.slug ?? null);
      return { answer: { outcome, message: why } };
    }
    try {
      // Nested: a failed apply is undone alone and the event is still stored, with the reason.
      const changed = ctx.db.transaction(() => apply(match.slug, effect))();
      store(changed ? 'applied' : 'ignored: changes nothing', match.slug);
      return {
        answer: { outcome: changed ? 'applied' : 'ignored' },
        ended: changed?.seriesEnded ? { match, progress: changed.progress } : undefined,
      };
    } catch (err) {
      ctx.logger.error({ err, event: e.event, match: match.slug }, 'a plugin event could not be applied');
      store(`failed: ${(err as Error).message}`, match.slug);
      return { answer: { outcome: 'ignored', message: 'stored; it could not be applied (see the log)' } };
    }
  }

  /**
   * Group commit: events arriving together are written in one transaction (a commit costs more than
   * applying an event); each answer waits for the commit that holds its event.
   */
  const queue: { run: () => { answer: Answer; ended?: Ended }; done: (r: unknown, err?: unknown) => void }[] =
    [];
  function flush(): void {
    const batch = queue.splice(0);
    const results: ({ answer: Answer; ended?: Ended } | Error)[] = [];
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
    batch.forEach((job, i) => {
      const result = results[i]!;
      if (result instanceof Error) {
        job.done(undefined, result);
      } else {
        job.done(result);
      }
    });
  }

  return {
    async ingest(raw: Buffer, sender?: string): Promise<Answer> {
      const e = parse(raw);
      const result = await new Promise<{ answer: Answer; ended?: Ended }>((resolve, reject) => {
        queue.push({
          run: () => ingestOne(raw, e, sender),
          done: (r, err) => (err ? reject(err) : resolve(r as { answer: Answer; ended?: Ended })),
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
