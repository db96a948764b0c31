/**
 * What plugin events do to a match's live state (PROTOCOL.md section 2). Each event sets the state it
 * describes (3.1.1), so a retry changes nothing and a repeat of the same fact is applied again: a
 * score only moves forward (a round_end older than the last one seen changes nothing) unless a
 * backup_loaded rewound the map, a finished map stays finished, and events of an earlier map never
 * touch a later one.
 */
import type { MatchStatus, OvertimeMode } from '../contracts/matches.js';
import { lifecycleState, storedAs, transition, type MatchAction } from './match-lifecycle.js';
import type { PlayerSnapshot } from './player-stats.js';
import { withAdvantage, type AdvantageSide } from './map-advantage.js';

export interface MapProgress {
  number: number;
  team1Score: number;
  team2Score: number;
  /** Rounds played as far as applied events tell (round_end, round_started, backup_loaded): older ones are ignored. */
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
  /** The team the series started one map up for (decision 78); its series score counts that map. */
  mapAdvantage?: AdvantageSide | null;
}

// Every field, checked by the compiler: a field added to the types and not here would go unnoticed by sameProgress.
const MAP_KEYS = Object.keys({
  number: true,
  team1Score: true,
  team2Score: true,
  lastRound: true,
  team1Damage: true,
  team2Damage: true,
  finished: true,
  winner: true,
  decidedBy: true,
} satisfies Record<keyof MapProgress, true>) as (keyof MapProgress)[];
const PROGRESS_KEYS = Object.keys({
  status: true,
  phase: true,
  currentMapNumber: true,
  team1SeriesScore: true,
  team2SeriesScore: true,
  team1MapScore: true,
  team2MapScore: true,
  mapAdvantage: true,
} satisfies Record<Exclude<keyof MatchProgress, 'maps'>, true>) as Exclude<keyof MatchProgress, 'maps'>[];

/** Whether two states of a map are the same. */
export const sameMap = (a: MapProgress, b: MapProgress): boolean => MAP_KEYS.every((k) => a[k] === b[k]);

/** Whether two progress states are the same (every event is checked: cheaper than comparing them as JSON). */
export function sameProgress(a: MatchProgress, b: MatchProgress): boolean {
  return (
    PROGRESS_KEYS.every((k) => a[k] === b[k]) &&
    a.maps.length === b.maps.length &&
    a.maps.every((m, i) => sameMap(m, b.maps[i]!))
  );
}

/** A map's score and damage after a number of rounds (a round_end's content). */
export interface RoundState {
  team1Score: number;
  team2Score: number;
  team1Damage: number;
  team2Damage: number;
  /** Every player's map totals at that round (per-player statistics; this reducer does not read them). */
  players?: readonly PlayerSnapshot[];
}

/** What the plugin's series_end says (PROTOCOL.md 2.4.19): it alone settles the series. */
export interface SeriesEndReport {
  /** null for a drawn series (`winner.team` "none"). */
  winner: 'team1' | 'team2' | null;
  /** Absent only from a series_end the plugin did not write (the maps won then count). */
  team1SeriesScore?: number;
  team2SeriesScore?: number;
}

/** The fields of an event the reducer reads, already validated by the caller. */
export type ProgressEvent =
  | { event: 'series_start' }
  | { event: 'going_live' | 'halftime_started' | 'overtime_started'; mapNumber: number }
  | { event: 'match_paused' | 'match_unpaused'; mapNumber: number }
  | {
      event: 'round_started';
      mapNumber: number;
      /** The round about to be played and the score before it; absent from a bare event. */
      start?: { round: number; team1Score: number; team2Score: number };
    }
  | {
      event: 'backup_loaded';
      mapNumber: number;
      /** Rounds played at the restored point (the backup's 0-based number, 2.4.16). */
      roundsPlayed: number;
      /** The stored round_end of that round, when there is one (the event carries no scores). */
      restored?: RoundState;
    }
  | {
      event: 'round_end';
      mapNumber: number;
      round: number;
      team1Score: number;
      team2Score: number;
      team1Damage: number;
      team2Damage: number;
      players?: readonly PlayerSnapshot[];
    }
  | { event: 'map_result'; mapNumber: number; team1Score: number; team2Score: number }
  | { event: 'series_end'; report?: SeriesEndReport };

export interface ProgressOutcome {
  progress: MatchProgress;
  /** False when the event changed nothing (late, duplicated, or for a finished match). */
  changed: boolean;
  /** A series_end was applied: the caller judges and records the result. */
  seriesEnded: boolean;
  /** The series_end's own result, when it carried one. */
  seriesReport?: SeriesEndReport;
}

const OVER: readonly MatchStatus[] = ['completed', 'cancelled', 'needs_decision'];
/** A series the plugin ended: its maps may still be filled by a late map_result or round_end (2.4.19). */
const SERIES_ENDED: readonly MatchStatus[] = ['completed', 'needs_decision'];

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

/** An event that may still fill a map of a series that is over (a late result, 2.4.19). */
const fillsMap = (e: ProgressEvent): e is Extract<ProgressEvent, { event: 'map_result' | 'round_end' }> =>
  e.event === 'map_result' || e.event === 'round_end';

export function applyProgressEvent(
  before: MatchProgress,
  e: ProgressEvent,
  overtimeMode: OvertimeMode,
): ProgressOutcome {
  const unchanged = { progress: before, changed: false, seriesEnded: false };
  // A series that ended is never reopened; only its maps' records are completed.
  const over = OVER.includes(before.status);
  if (over && !(SERIES_ENDED.includes(before.status) && fillsMap(e))) {
    return unchanged;
  }
  const p: MatchProgress = { ...before, maps: before.maps.map((m) => ({ ...m })) };
  const done = (seriesEnded = false): ProgressOutcome => ({
    progress: p,
    changed: !sameProgress(p, before) || seriesEnded,
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
    return { ...done(true), ...(e.report ? { seriesReport: e.report } : {}) };
  }

  let map = p.maps.find((m) => m.number === e.mapNumber);
  if (!map) {
    map = emptyMap(e.mapNumber);
    p.maps.push(map);
    p.maps.sort((a, b) => a.number - b.number);
  }
  // An earlier map's late events may fill its record but never move the match back to it.
  const isCurrent = !over && (p.currentMapNumber === null || e.mapNumber >= p.currentMapNumber);
  if (map.finished && !fillsMap(e)) {
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
      if (isCurrent && p.phase !== 'paused') {
        p.phase = 'live';
      }
      break;
    case 'round_started':
      if (isCurrent && p.phase !== 'paused') {
        p.phase = 'live';
      }
      // The score before the round: the map stands at round - 1 rounds played (a lost round_end).
      if (e.start && e.start.round - 1 >= map.lastRound) {
        const { round, team1Score, team2Score } = e.start;
        Object.assign(map, { lastRound: round - 1, team1Score, team2Score });
      }
      break;
    case 'backup_loaded':
      if (isCurrent) {
        rewind(map, e.roundsPlayed, e.restored);
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
  if (over) {
    // The series score is the plugin's series_end's; only the map's record changed.
    return done();
  }
  const won = (side: 'team1' | 'team2') => p.maps.filter((m) => m.finished && m.winner === side).length;
  const series = withAdvantage({ team1: won('team1'), team2: won('team2') }, p.mapAdvantage ?? null);
  p.team1SeriesScore = series.team1;
  p.team2SeriesScore = series.team2;
  const current = p.maps.find((m) => m.number === p.currentMapNumber);
  if (current) {
    p.team1MapScore = current.team1Score;
    p.team2MapScore = current.team2Score;
  }
  return done();
}

/**
 * A round backup restored (PROTOCOL.md 2.4.16): the map stands at `roundsPlayed` rounds, and the rounds
 * after it will be played (and sent) again. The scores are those of the stored round_end of that round;
 * without one the rounds are rewound and the next round_started brings the score.
 */
function rewind(map: MapProgress, roundsPlayed: number, restored: RoundState | undefined): void {
  if (map.finished) {
    return;
  }
  if (restored) {
    const { team1Score, team2Score, team1Damage, team2Damage } = restored;
    Object.assign(map, { lastRound: roundsPlayed, team1Score, team2Score, team1Damage, team2Damage });
  } else if (roundsPlayed === 0) {
    Object.assign(map, { lastRound: 0, team1Score: 0, team2Score: 0, team1Damage: 0, team2Damage: 0 });
  } else if (roundsPlayed < map.lastRound) {
    map.lastRound = roundsPlayed;
  }
}
