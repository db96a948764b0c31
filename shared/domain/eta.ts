/**
 * When a match should start (API.md decision 42): servers free at the expected end of the matches they
 * hold, the queue takes them in order, and a match not yet placed starts once its feeders should end.
 */
import type { MatchFormat } from '../contracts/matches.js';

export interface Eta {
  /** Unix seconds. */
  startsAt: number;
  /** Whole minutes from now to `startsAt`; 0 when it should already have started. */
  minutes: number;
  basis: 'measured' | 'default';
  /** Place in the queue (1 = next); null for a match whose teams are not known yet. */
  position: number | null;
}

/** Decision 42's default: 40 minutes per map to play. */
export const DEFAULT_MINUTES: Record<MatchFormat, number> = { bo1: 40, bo3: 100, bo5: 165 };
/**
 * The expected time of a veto not yet done. Decision 42 names no figure: a veto of a best-of-one bans
 * six maps at a short timer each, a few minutes in practice.
 */
export const VETO_MINUTES = 5;
/** The measured median replaces the default once this many matches of the format completed. */
export const MEASURED_AFTER = 2;

export interface EtaInput {
  /** Unix seconds. */
  now: number;
  enabledServers: number;
  /** Matches holding a server now (loaded or live). */
  running: readonly { slug: string; format: MatchFormat; loadedAt: number | null }[];
  /** Matches with both teams known waiting for a server, in queue order. */
  queue: readonly { slug: string; format: MatchFormat; vetoPending: boolean }[];
  /** Matches whose teams are not known yet, with the matches still to be played that feed them. */
  unplaced: readonly { slug: string; format: MatchFormat; feeders: readonly string[] }[];
  /** This tournament's completed matches. */
  completed: readonly { format: MatchFormat; loadedAt: number | null; completedAt: number | null }[];
  /** The simulation's timescale, or null when matches are really played. */
  simulationTimescale: number | null;
  /**
   * The earliest time at or after `at` the match may start by the timetable (API.md decision 75: its
   * round's `notBefore`, breaks); absent: at once.
   */
  startAfter?: (slug: string, at: number) => number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The expected duration of a match of each format, in seconds, and what it is based on. */
export function expectedDurations(
  completed: EtaInput['completed'],
  simulationTimescale: number | null,
): Record<MatchFormat, { seconds: number; basis: Eta['basis'] }> {
  const scale = simulationTimescale ? 1 / simulationTimescale : 1;
  const of = (format: MatchFormat) => {
    const measured = completed.flatMap((m) =>
      m.format === format && m.loadedAt !== null && m.completedAt !== null && m.completedAt >= m.loadedAt
        ? [m.completedAt - m.loadedAt]
        : [],
    );
    return measured.length >= MEASURED_AFTER
      ? { seconds: median(measured), basis: 'measured' as const }
      : { seconds: DEFAULT_MINUTES[format] * 60 * scale, basis: 'default' as const };
  };
  return { bo1: of('bo1'), bo3: of('bo3'), bo5: of('bo5') };
}

/** Every estimate by slug; empty with no enabled server (every match then has `eta: null`). */
export function estimateStarts(input: EtaInput): Map<string, Eta> {
  const etas = new Map<string, Eta>();
  if (input.enabledServers <= 0) {
    return etas;
  }
  const { now } = input;
  const startAfter = input.startAfter ?? ((_slug: string, at: number) => at);
  const durations = expectedDurations(input.completed, input.simulationTimescale);
  const vetoSeconds = VETO_MINUTES * 60 * (input.simulationTimescale ? 1 / input.simulationTimescale : 1);
  const eta = (startsAt: number, format: MatchFormat, position: number | null): Eta => ({
    startsAt: Math.round(startsAt),
    minutes: Math.max(0, Math.round((startsAt - now) / 60)),
    basis: durations[format].basis,
    position,
  });

  // When each match should end, for the matches they feed.
  const endsAt = new Map<string, number>();
  const serversFree = input.running.map((m) => {
    const end = Math.max(now, (m.loadedAt ?? now) + durations[m.format].seconds);
    endsAt.set(m.slug, end);
    return end;
  });
  for (let i = input.running.length; i < input.enabledServers; i++) {
    serversFree.push(now);
  }
  // More matches on servers than enabled servers (one was disabled while busy): only as many free up.
  serversFree.sort((a, b) => a - b).splice(input.enabledServers);

  input.queue.forEach((m, i) => {
    const free = serversFree.shift()!;
    const startsAt = startAfter(m.slug, free + (m.vetoPending ? vetoSeconds : 0));
    const end = startsAt + durations[m.format].seconds;
    etas.set(m.slug, eta(startsAt, m.format, i + 1));
    endsAt.set(m.slug, end);
    const at = serversFree.findIndex((t) => t > end);
    serversFree.splice(at === -1 ? serversFree.length : at, 0, end);
  });

  // Unplaced matches wait for their feeders, which may themselves be unplaced: settle in rounds.
  let pending = [...input.unplaced];
  for (let progressed = true; progressed && pending.length > 0;) {
    progressed = false;
    pending = pending.filter((m) => {
      const ends = m.feeders.map((f) => endsAt.get(f));
      if (m.feeders.length === 0 || ends.some((e) => e === undefined)) {
        return true;
      }
      const startsAt = startAfter(m.slug, Math.max(now, ...(ends as number[])));
      etas.set(m.slug, eta(startsAt, m.format, null));
      endsAt.set(m.slug, startsAt + durations[m.format].seconds);
      progressed = true;
      return false;
    });
  }
  return etas;
}
