/**
 * What plugin events do to a match's live state (PROTOCOL.md section 2). Pure, idempotent and safe in
 * any arrival order: a score only moves forward (a round_end older than the last one seen changes
 * nothing), a finished map stays finished, and events of an earlier map never touch a later one.
 */
import type { MatchStatus, OvertimeMode } from '../contracts/matches.js';
import { lifecycleState, storedAs, transition, type MatchAction } from './match-lifecycle.js';

export interface MapProgress {
  number: number;
  team1Score: number;
  team2Score: number;
  /** The last round_end applied: older ones arriving late are ignored. */
  lastRound: number;
  /** Damage totals of each team from the latest round_end (the tiebreak of a level map). */
  team1Damage: number;
  team2Damage: number;
  finished: boolean;
  winner: 'team1' | 'team2' | null;
  decidedBy: 'rounds' | 'damage_tiebreak' | null;
}

export type Phase = 'live' | 'halftime' | 'overtime' | 'paused';

export interface MatchProgress {
  status: MatchStatus;
  phase: Phase | null;
  currentMapNumber: number | null;
  team1SeriesScore: number;
  team2SeriesScore: number;
  team1MapScore: number;
  team2MapScore: number;
  maps: MapProgress[];
}

/** The fields of an event the reducer reads, already validated by the caller. */
export type ProgressEvent =
  | { event: 'series_start' }
  | { event: 'going_live' | 'round_started' | 'halftime_started' | 'overtime_started'; mapNumber: number }
  | { event: 'match_paused' | 'match_unpaused'; mapNumber: number }
  | {
      event: 'round_end';
      mapNumber: number;
      round: number;
      team1Score: number;
      team2Score: number;
      team1Damage: number;
      team2Damage: number;
    }
  | { event: 'map_result'; mapNumber: number; team1Score: number; team2Score: number }
  | { event: 'series_end' };

export interface ProgressOutcome {
  progress: MatchProgress;
  /** False when the event changed nothing (late, duplicated, or for a finished match). */
  changed: boolean;
  /** A series_end was applied: the caller judges and records the result. */
  seriesEnded: boolean;
}

const OVER: readonly MatchStatus[] = ['completed', 'cancelled', 'needs_decision'];

const emptyMap = (number: number): MapProgress => ({
  number,
  team1Score: 0,
  team2Score: 0,
  lastRound: 0,
  team1Damage: 0,
  team2Damage: 0,
  finished: false,
  winner: null,
  decidedBy: null,
});

/**
 * A finished map's winner: the higher score; a level map (overtime off) is decided on damage with
 * `disabled_tiebreak` and is a draw with `disabled_draw` (API.md decision 6), whatever the plugin says.
 */
export function mapWinner(
  map: MapProgress,
  overtimeMode: OvertimeMode,
): Pick<MapProgress, 'winner' | 'decidedBy'> {
  if (map.team1Score !== map.team2Score) {
    return { winner: map.team1Score > map.team2Score ? 'team1' : 'team2', decidedBy: 'rounds' };
  }
  if (overtimeMode === 'disabled_draw' || map.team1Damage === map.team2Damage) {
    return { winner: null, decidedBy: null };
  }
  return { winner: map.team1Damage > map.team2Damage ? 'team1' : 'team2', decidedBy: 'damage_tiebreak' };
}

/**
 * Every map of the series has a result: the series is over, whether or not the plugin's series end
 * arrives (the spec decides it by maps won, then rounds, then damage).
 */
export function mapsRanOut(maps: readonly MapProgress[], mapsInSeries: number): boolean {
  const finished = maps.filter((m) => m.finished && m.number < mapsInSeries).length;
  return mapsInSeries > 0 && finished >= mapsInSeries;
}

export function applyProgressEvent(
  before: MatchProgress,
  e: ProgressEvent,
  overtimeMode: OvertimeMode,
): ProgressOutcome {
  const unchanged = { progress: before, changed: false, seriesEnded: false };
  if (OVER.includes(before.status)) {
    return unchanged;
  }
  const p: MatchProgress = { ...before, maps: before.maps.map((m) => ({ ...m })) };
  const done = (seriesEnded = false): ProgressOutcome => ({
    progress: p,
    changed: JSON.stringify(p) !== JSON.stringify(before) || seriesEnded,
    seriesEnded,
  });

  /** Moves the match by the lifecycle table; false when the table refuses (the event then changes nothing). */
  const move = (action: MatchAction): boolean => {
    const result = transition(lifecycleState(p), action);
    if (result.ok) {
      Object.assign(p, storedAs(result.next, p.phase));
    }
    return result.ok;
  };

  if (e.event === 'series_start') {
    if (p.status !== 'loaded') {
      move('series_start');
    }
    return done();
  }
  if (e.event === 'series_end') {
    return done(true);
  }

  let map = p.maps.find((m) => m.number === e.mapNumber);
  if (!map) {
    map = emptyMap(e.mapNumber);
    p.maps.push(map);
    p.maps.sort((a, b) => a.number - b.number);
  }
  // An earlier map's late events may fill its record but never move the match back to it.
  const isCurrent = p.currentMapNumber === null || e.mapNumber >= p.currentMapNumber;
  if (map.finished && e.event !== 'map_result' && e.event !== 'round_end') {
    return done();
  }
  if (isCurrent && !map.finished) {
    if (p.status !== 'live' && !move('go_live')) {
      return unchanged;
    }
    p.currentMapNumber = e.mapNumber;
  }

  switch (e.event) {
    case 'going_live':
    case 'round_started':
      if (isCurrent && p.phase !== 'paused') {
        p.phase = 'live';
      }
      break;
    case 'halftime_started':
      if (isCurrent) {
        p.phase = 'halftime';
      }
      break;
    case 'overtime_started':
      if (isCurrent) {
        p.phase = 'overtime';
      }
      break;
    case 'match_paused':
      if (isCurrent) {
        p.phase = 'paused';
      }
      break;
    case 'match_unpaused':
      if (isCurrent && p.phase === 'paused') {
        p.phase = 'live';
      }
      break;
    case 'round_end':
      if (e.round > map.lastRound) {
        Object.assign(map, { lastRound: e.round, team1Damage: e.team1Damage, team2Damage: e.team2Damage });
        if (map.finished) {
          // The result's scores are final; a last round arriving after it only brings the damage a
          // level map is decided on.
          Object.assign(map, mapWinner(map, overtimeMode));
        } else {
          Object.assign(map, { team1Score: e.team1Score, team2Score: e.team2Score });
        }
      }
      break;
    case 'map_result':
      if (!map.finished) {
        Object.assign(map, { team1Score: e.team1Score, team2Score: e.team2Score, finished: true });
        Object.assign(map, mapWinner(map, overtimeMode));
        if (isCurrent) {
          // Between maps nothing is live; the next map's going_live moves on.
          p.phase = null;
        }
      }
      break;
  }
  p.team1SeriesScore = p.maps.filter((m) => m.finished && m.winner === 'team1').length;
  p.team2SeriesScore = p.maps.filter((m) => m.finished && m.winner === 'team2').length;
  const current = p.maps.find((m) => m.number === p.currentMapNumber);
  if (current) {
    p.team1MapScore = current.team1Score;
    p.team2MapScore = current.team2Score;
  }
  return done();
}
