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

  return {
    async ingest(raw: Buffer, sender?: string): Promise<{ outcome: EventOutcome; message?: string }> {
      const e = parse(raw);
      const bodyHash = createHash('sha256').update(raw).digest('hex');
      const stored = repo.store({
        bodyHash,
        event: e.event,
        matchid: e.matchid ?? null,
        mapNumber: e.map_number ?? null,
        sender: sender ?? null,
        matchSlug: null,
        body: raw.toString('utf8'),
        receivedAt: ctx.clock.now(),
        outcome: 'received',
      });
      if (!stored) {
        return { outcome: 'duplicate' };
      }
      const effect = progressEvent(e);
      const target = matchFor(e, sender);
      const match = target.match;
      if (target.outcome !== 'applied' || !match || !effect) {
        const outcome = target.outcome === 'applied' ? 'ignored' : target.outcome;
        const why = target.why ?? `${e.event} does not change a match`;
        repo.setOutcome(bodyHash, `${outcome}: ${why}`, match?.slug ?? null);
        return { outcome, message: why };
      }
      let seriesEnded = false;
      let progress: MatchProgress | undefined;
      ctx.db.transaction(() => {
        const current = matches.get(match.slug)!;
        const result = applyProgressEvent(progressOf(current), effect, current.overtimeMode);
        repo.setOutcome(bodyHash, result.changed ? 'applied' : 'ignored: changes nothing', match.slug);
        if (!result.changed) {
          return;
        }
        const p = result.progress;
        for (const map of p.maps) {
          repo.saveMap(match.slug, current.mapPool[map.number] ?? '', map);
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
          loadedAt:
            current.loadedAt ?? (p.status === 'loaded' || p.status === 'live' ? ctx.clock.now() : null),
        });
        seriesEnded = result.seriesEnded;
        progress = p;
      })();
      if (seriesEnded && progress) {
        await endSeries(match, progress);
      }
      return { outcome: progress ? 'applied' : 'ignored' };
    },
  };
}

export type PluginEventsService = ReturnType<typeof createPluginEventsService>;
