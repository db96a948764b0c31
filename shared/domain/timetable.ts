/**
 * The organiser's timetable (API.md decision 75): when a round may start, the breaks, the pause. Pure:
 * whether a match may be loaded now, and the earliest time it may start, for the loader and the ETAs.
 */

export interface ScheduleBreak {
  name: string;
  /** Unix seconds. */
  from: number;
  to: number;
}

export interface Schedule {
  /** `"<stage>.<round>"` (stage `main`, `groups` or `playoffs`; round keys as in decision 31, or `R<n>`). */
  rounds: Readonly<Record<string, { notBefore: number }>>;
  breaks: readonly ScheduleBreak[];
  /** Unix seconds; null: started by hand. */
  autoStartAt: number | null;
}

export const EMPTY_SCHEDULE: Schedule = { rounds: {}, breaks: [], autoStartAt: null };

/** Why a match waits although a server may be free; null when it may be loaded now. */
export type LoadHold =
  | { reason: 'paused' }
  | { reason: 'not_before'; until: number }
  | { reason: 'break'; name: string; until: number };

/** The `notBefore` of the first of the keys the schedule names, else null. */
export function notBeforeOf(schedule: Schedule, keys: readonly string[]): number | null {
  const key = keys.find((k) => schedule.rounds[k] !== undefined);
  return key === undefined ? null : schedule.rounds[key]!.notBefore;
}

/** The break running at `at` (from inclusive, to exclusive), the one ending last when they overlap. */
export function breakAt(schedule: Schedule, at: number): ScheduleBreak | null {
  return schedule.breaks.filter((b) => b.from <= at && at < b.to).sort((a, b) => b.to - a.to)[0] ?? null;
}

/** Whether a match with these schedule keys may be loaded at `now`. */
export function loadHold(
  schedule: Schedule,
  keys: readonly string[],
  paused: boolean,
  now: number,
): LoadHold | null {
  if (paused) {
    return { reason: 'paused' };
  }
  const notBefore = notBeforeOf(schedule, keys);
  if (notBefore !== null && now < notBefore) {
    return { reason: 'not_before', until: notBefore };
  }
  const running = breakAt(schedule, now);
  return running ? { reason: 'break', name: running.name, until: running.to } : null;
}

/**
 * The earliest time at or after `at` a match with these keys may start: past its `notBefore` and out of
 * every break (a break may end inside another). A pause has no known end: the ETAs count it as ending now.
 */
export function earliestStart(schedule: Schedule, keys: readonly string[], at: number): number {
  let t = Math.max(at, notBeforeOf(schedule, keys) ?? at);
  for (let inside = breakAt(schedule, t); inside !== null; inside = breakAt(schedule, t)) {
    t = inside.to;
  }
  return t;
}

/** A round whose matches should still be starting after the next planned round's `notBefore`. */
export interface ScheduleWarning {
  round: string;
  /** The latest expected start among its matches (Unix seconds). */
  lastStartsAt: number;
  nextRound: string;
  nextNotBefore: number;
}

/**
 * Rounds that cannot fit before the next planned start: a planned round with a match expected to start
 * at or after the `notBefore` of the next planned round (in time, any stage).
 */
export function scheduleWarnings(
  schedule: Schedule,
  starts: readonly { keys: readonly string[]; startsAt: number }[],
): ScheduleWarning[] {
  const planned = Object.entries(schedule.rounds).sort((a, b) => a[1].notBefore - b[1].notBefore);
  const warnings: ScheduleWarning[] = [];
  planned.forEach(([round], i) => {
    const next = planned.slice(i + 1).find(([, r]) => r.notBefore > planned[i]![1].notBefore);
    const lastStartsAt = Math.max(
      ...starts.filter((s) => s.keys.includes(round)).map((s) => s.startsAt),
      Number.NEGATIVE_INFINITY,
    );
    if (next && lastStartsAt >= next[1].notBefore) {
      warnings.push({ round, lastStartsAt, nextRound: next[0], nextNotBefore: next[1].notBefore });
    }
  });
  return warnings;
}
