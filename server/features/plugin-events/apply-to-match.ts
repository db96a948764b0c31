import type { AppContext } from '../../context.js';
import type { Repos } from '../../db/repos.js';
import type { PluginEvent } from '../../../shared/contracts/plugin-events.js';
import {
  applyProgressEvent,
  sameMap,
  sameProgress,
  type MatchProgress,
  type ProgressEvent,
  type ProgressOutcome,
  type SeriesEndReport,
} from '../../../shared/domain/match-progress.js';
import { applyLiveEvent } from '../../../shared/domain/match-live.js';
import { nextSnapshots, snapshotChange } from '../../../shared/domain/player-stats.js';
import { startingSeries, winnerWithAdvantage } from '../../../shared/domain/map-advantage.js';
import { judgeSeries } from '../../../shared/domain/tournament-rules.js';
import { progressEvents } from '../../../shared/domain/webhook-events.js';
import type { MatchAction } from '../../../shared/domain/match-lifecycle.js';
import { playList, type MatchRecord, type MatchWriter, type SeriesResult } from '../matches/index.js';
import type { EmitMatchEvent } from '../webhooks/index.js';
import { storedRoundState, type Json, type StoredRound } from './normalise.js';
import type { ServerHolds } from './server-holds.js';

/** Step 4 of an event's way: the event applied to its match (scores, maps, phase; players, pauses, demos). */

/** Stored outcomes of an event that went through the apply step (a replay does not redo its side effects). */
export const APPLIED = 'applied';
export const CHANGES_NOTHING = 'ignored: changes nothing';

export interface ApplyDeps {
  recordSeriesResult(slug: string, result: SeriesResult): Promise<MatchRecord>;
  /** Announces a match change to webhooks, inside the change's transaction. */
  emitMatchEvent: EmitMatchEvent;
  /** The matches feature's writer: every change of a match's state. */
  matchWriter: Pick<MatchWriter, 'transition'>;
  /** Told after a player connected or left, to count who is present (the join clock, decision 59). */
  playersChanged(slug: string): Promise<void>;
}

export type ApplyRepos = Pick<Repos, 'pluginEvents' | 'matches' | 'tournaments' | 'playerStats'>;

export const onServer = (m: MatchRecord) => m.status === 'loaded' || m.status === 'live';

/**
 * The lifecycle table's triggers behind a status the progress reducer moved to (it moves only by the
 * series start and going live, shared/domain/match-progress).
 */
function progressTriggers(from: MatchRecord['status'], to: MatchRecord['status']): MatchAction[] {
  if (from === to) {
    return [];
  }
  return [to === 'loaded' ? 'series_start' : 'go_live'];
}

export function createMatchApplier(
  ctx: Pick<AppContext, 'clock'>,
  deps: ApplyDeps,
  repos: ApplyRepos,
  holds: ServerHolds,
) {
  const { pluginEvents: repo, matches, tournaments, playerStats } = repos;

  /**
   * The match an event is for, if its sender may report it: the URL names the match (slug) or the
   * server, and a match event from a server the match is not assigned to is not applied.
   */
  async function matchFor(
    e: PluginEvent,
    sender: string | undefined,
    // A batch of events reads each match once (ingest-batch.ts).
    byMatchid: (matchid: number) => Promise<MatchRecord | undefined> = matches.getByMatchid,
  ): Promise<{ outcome: 'applied' | 'ignored' | 'unmatched'; match?: MatchRecord; why?: string }> {
    if (e.matchid === undefined || e.matchid < 0) {
      return { outcome: 'ignored', why: 'no match loaded' };
    }
    const match = await byMatchid(e.matchid);
    if (!match) {
      const restarted = await matches.slugOfRetiredMatchid(e.matchid);
      return restarted === undefined
        ? { outcome: 'unmatched', why: `no match has matchid ${e.matchid}` }
        : {
            outcome: 'ignored',
            why: `matchid ${e.matchid} is an abandoned attempt of match ${restarted}, which was restarted under a new matchid`,
          };
    }
    if (sender !== undefined && sender !== match.slug && sender !== match.serverId) {
      if (sender === match.movedFrom && match.serverId !== null) {
        return { outcome: 'ignored', match, why: `the match moved to ${match.serverId}` };
      }
      return { outcome: 'ignored', match, why: `match ${match.slug} is not assigned to ${sender}` };
    }
    return { outcome: 'applied', match };
  }

  async function progressOf(m: MatchRecord): Promise<MatchProgress> {
    return {
      status: m.status,
      phase: m.phase,
      currentMapNumber: m.currentMapNumber,
      team1SeriesScore: m.team1SeriesScore,
      team2SeriesScore: m.team2SeriesScore,
      team1MapScore: m.team1MapScore,
      team2MapScore: m.team2MapScore,
      maps: await repo.maps(m.slug),
      mapAdvantage: m.mapAdvantage,
    };
  }

  /**
   * A series end. The plugin's series_end settles it with its own winner and series score (PROTOCOL.md
   * 2.4.19), whatever map results have arrived; without one (Matchday ends it: all maps played) maps won
   * decide. A level series goes through the tiebreaks of API.md decision 8. A match that ended meanwhile
   * (a retried or replayed series end) is left alone.
   */
  async function endSeries(match: MatchRecord, p: MatchProgress, report?: SeriesEndReport): Promise<void> {
    const now = await matches.get(match.slug);
    if (!now || !onServer(now)) {
      return;
    }
    const type =
      match.tournamentId === null ? null : ((await tournaments.get(match.tournamentId))?.type ?? null);
    // Under disabled_draw the plugin still names a damage winner for a level map, which Matchday records
    // as a draw (API.md decision 6): its series_end then settles only what a lost map_result left open.
    const playedByPlugin = (report?.team1SeriesScore ?? 0) + (report?.team2SeriesScore ?? 0);
    if (
      report &&
      match.overtimeMode === 'disabled_draw' &&
      p.maps.filter((m) => m.finished).length >= playedByPlugin
    ) {
      report = undefined;
    }
    // The plugin counts the maps it played; a series started one map up adds that map (decision 78).
    const start = startingSeries(match.mapAdvantage);
    const series = {
      team1:
        report?.team1SeriesScore === undefined
          ? p.team1SeriesScore
          : report.team1SeriesScore + start.team1SeriesScore,
      team2:
        report?.team2SeriesScore === undefined
          ? p.team2SeriesScore
          : report.team2SeriesScore + start.team2SeriesScore,
    };
    const totals = (side: 'team1' | 'team2') => ({
      mapsWon: series[side],
      roundsWon: p.maps.reduce((sum, m) => sum + (side === 'team1' ? m.team1Score : m.team2Score), 0),
      damage: p.maps.reduce((sum, m) => sum + (side === 'team1' ? m.team1Damage : m.team2Damage), 0),
    });
    const reportedWinner = report ? winnerWithAdvantage(report.winner, series, match.mapAdvantage) : null;
    const verdict = reportedWinner
      ? { status: 'completed' as const, winner: reportedWinner }
      : judgeSeries(type, totals('team1'), totals('team2'), match.stage);
    await deps.recordSeriesResult(match.slug, {
      // needs_decision: no winner; recordSeriesResult keeps such a match for an admin.
      winner: verdict.status === 'completed' ? verdict.winner : null,
      team1SeriesScore: series.team1,
      team2SeriesScore: series.team2,
    });
  }

  /**
   * What a restored backup (`backup_loaded`) of the match goes back to: its stored round_end, up to row
   * `beforeId`, read before the event is turned into its effect; nothing for any other event.
   */
  async function storedRound(matchid: number, e: PluginEvent, beforeId?: number): Promise<StoredRound> {
    const round = Number(e.round_number);
    if (e.event !== 'backup_loaded' || !Number.isInteger(round) || round < 0) {
      return () => undefined;
    }
    const mapNumber = e.map_number ?? 0;
    const body = await repo.roundEndBody(matchid, mapNumber, round, beforeId);
    const state = body === undefined ? undefined : storedRoundState(body);
    return (map, played) => (map === mapNumber && played === round ? state : undefined);
  }

  /**
   * Writes a progress change of `current` from `before` to `p`: the maps it changed (a round of map 3 leaves
   * maps 1 and 2 as they are), the match through its writer, and the webhooks the change means. Answers the
   * match as written.
   */
  async function writeProgress(current: MatchRecord, before: MatchProgress, p: MatchProgress) {
    const slug = current.slug;
    const played = playList(current).maps;
    for (const map of p.maps) {
      const earlier = before.maps.find((m) => m.number === map.number);
      if (!earlier || !sameMap(earlier, map)) {
        await repo.saveMap(slug, played[map.number] ?? '', map);
      }
    }
    const written = await deps.matchWriter.transition(current, progressTriggers(current.status, p.status), {
      phase: p.phase,
      currentMapNumber: p.currentMapNumber,
      team1SeriesScore: p.team1SeriesScore,
      team2SeriesScore: p.team2SeriesScore,
      team1MapScore: p.team1MapScore,
      team2MapScore: p.team2MapScore,
      loadedAt: current.loadedAt ?? (p.status === 'loaded' || p.status === 'live' ? ctx.clock.now() : null),
    });
    for (const { type, mapNumber } of progressEvents(before, p)) {
      await deps.emitMatchEvent(type, slug, { mapNumber });
    }
    return written;
  }

  /**
   * Applies events to their match in the order given; undefined when they change nothing. Several
   * events (a replay) are reduced in memory first, so only their net effect is written.
   */
  async function apply(current: MatchRecord, ...effects: ProgressEvent[]) {
    // A walkover has no map score and no player stats (API.md decision 60): a late round of the
    // series it ended fills nothing.
    if (current.forfeit !== null) {
      return undefined;
    }
    const slug = current.slug;
    const before = await progressOf(current);
    let result: ProgressOutcome = { progress: before, changed: false, seriesEnded: false };
    for (const effect of effects) {
      const lastRoundBefore =
        'mapNumber' in effect
          ? (result.progress.maps.find((m) => m.number === effect.mapNumber)?.lastRound ?? 0)
          : 0;
      const next = applyProgressEvent(result.progress, effect, current.overtimeMode);
      // Per-player map totals follow the rounds the reducer took (a retry or a superseded round adds nothing).
      const stats = snapshotChange(effect, lastRoundBefore, next.progress);
      if (stats?.kind === 'round') {
        // A round sets the line of exactly the players it carries (nextSnapshots): written as they come,
        // without reading the map.
        await playerStats.setSnapshots(slug, stats.mapNumber, stats.round, stats.players);
      } else if (stats) {
        const before = await playerStats.mapSnapshots(slug, stats.mapNumber);
        await playerStats.replaceMap(slug, stats.mapNumber, nextSnapshots(before, stats));
      }
      const seriesReport = next.seriesReport ?? result.seriesReport;
      result = {
        progress: next.progress,
        changed: false,
        seriesEnded: result.seriesEnded || next.seriesEnded,
        ...(seriesReport ? { seriesReport } : {}),
      };
    }
    result.changed = result.seriesEnded || !sameProgress(result.progress, before);
    if (!result.changed) {
      return undefined;
    }
    const p = result.progress;
    await writeProgress(current, before, p);
    return result;
  }

  /**
   * Players, pauses and demos of a match; a map end or a demo upload also holds or frees its server.
   * Answers whether anything changed.
   */
  async function applyLive(match: MatchRecord, e: Json, touchesLive: boolean): Promise<boolean> {
    // Most events (rounds) say nothing about players, pauses or demos: no read for them. A map_result
    // retried after its series ended holds no server: the server may be playing another match by now.
    const lateResult = e.event === 'map_result' && !onServer(match);
    const holdsServer = holds.holdsOrFrees(e) && match.serverId !== null && !lateResult;
    if (!touchesLive && !holdsServer) {
      return false;
    }
    const before = await repo.live(match.slug);
    const after = applyLiveEvent(before, e);
    if (after !== before) {
      await repo.saveLive(match.slug, after, ctx.clock.now());
      if (e.event === 'player_connect' || e.event === 'player_disconnect' || e.event === 'player_ready') {
        await deps.playersChanged(match.slug);
      }
    }
    if (holdsServer) {
      await holds.holdOrFree(match.serverId!, match.slug, after, e);
    }
    return after !== before;
  }

  return { matchFor, progressOf, endSeries, storedRound, apply, applyLive, writeProgress };
}

export type MatchApplier = ReturnType<typeof createMatchApplier>;
