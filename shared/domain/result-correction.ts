/**
 * Result correction (API.md decisions 37-38) as plain rules: the corrected result of a completed
 * match, and which later matches a changed result reaches (repaired when not started, reset or
 * blocking when started). Pure.
 */
import type { MatchFormat, MatchStatus } from '../contracts/matches.js';
import { MAPS_IN_SERIES } from './tournament-rules.js';

export type Side = 'team1' | 'team2';

/** Maps a team needs to win the series: the winner's walkover score. */
export const mapsToWin = (format: MatchFormat): number => Math.ceil(MAPS_IN_SERIES[format] / 2);

export interface CorrectionInput {
  winner?: Side;
  team1SeriesScore?: number;
  team2SeriesScore?: number;
}

export interface SeriesOutcome {
  /** null: a drawn series (Swiss and round robin). */
  winner: Side | null;
  team1SeriesScore: number;
  team2SeriesScore: number;
}

export type CorrectedResult =
  | { ok: true; result: SeriesOutcome; changed: boolean }
  | { ok: false; details: { path: string; message: string }[] };

/**
 * The result after a correction: `winner` when given, else the current one; given scores must fit
 * the format (the winner's = maps needed, the loser's below; a draw level); scores not given become
 * the walkover score when the winner changes, else stay.
 */
export function correctedResult(
  current: SeriesOutcome,
  format: MatchFormat,
  input: CorrectionInput,
): CorrectedResult {
  const winner = input.winner ?? current.winner;
  const winnerChanges = winner !== current.winner;
  const needed = mapsToWin(format);
  const fallback = (side: Side) =>
    winnerChanges ? (side === winner ? needed : 0) : current[`${side}SeriesScore`];
  const details: { path: string; message: string }[] = [];
  const score = (side: Side): number => {
    const field = `${side}SeriesScore` as const;
    const given = input[field];
    if (given === undefined) {
      return fallback(side);
    }
    if (winner === side && given !== needed) {
      details.push({ path: field, message: `the winner of a ${format} has ${needed}` });
    } else if (winner !== null && winner !== side && given >= needed) {
      details.push({ path: field, message: `the loser of a ${format} has fewer than ${needed}` });
    }
    return given;
  };
  const result: SeriesOutcome = {
    winner,
    team1SeriesScore: score('team1'),
    team2SeriesScore: score('team2'),
  };
  if (
    winner === null &&
    details.length === 0 &&
    (input.team1SeriesScore !== undefined || input.team2SeriesScore !== undefined) &&
    result.team1SeriesScore !== result.team2SeriesScore
  ) {
    const field = input.team1SeriesScore !== undefined ? 'team1SeriesScore' : 'team2SeriesScore';
    details.push({ path: field, message: 'a drawn series has level scores; give a winner to decide it' });
  }
  if (details.length > 0) {
    return { ok: false, details };
  }
  const changed =
    result.winner !== current.winner ||
    result.team1SeriesScore !== current.team1SeriesScore ||
    result.team2SeriesScore !== current.team2SeriesScore;
  return { ok: true, result, changed };
}

/** What the downstream rules read of a match of an elimination stage. */
export interface PlacedMatch {
  slug: string;
  label: string;
  status: MatchStatus;
  serverId: string | null;
  team1Id: string | null;
  team2Id: string | null;
  winnerId: string | null;
  isBye: boolean;
  playOrder: number | null;
}

/** A match that has started: loaded on a server, played, or waiting for a decision (a bye never has). */
export const hasStarted = (m: PlacedMatch): boolean =>
  !m.isBye && (m.serverId !== null || !(m.status === 'pending' || m.status === 'ready'));

const order = (m: PlacedMatch) => m.playOrder ?? 0;
const holds = (m: PlacedMatch, teamId: string) => m.team1Id === teamId || m.team2Id === teamId;

/**
 * The match a team was placed in after `from`: in an elimination stage a team plays nothing in
 * between, so it is the team's next match in play order.
 */
function nextMatchOf(
  list: readonly PlacedMatch[],
  teamId: string,
  from: PlacedMatch,
): PlacedMatch | undefined {
  return list
    .filter((m) => m.slug !== from.slug && order(m) > order(from) && holds(m, teamId))
    .sort((a, b) => order(a) - order(b))[0];
}

/** The matches a decided match placed its winner and loser in (none before it is decided). */
export function placementsOf(list: readonly PlacedMatch[], m: PlacedMatch): PlacedMatch[] {
  if (m.status !== 'completed') {
    return [];
  }
  const teams = [m.team1Id, m.team2Id].filter((id): id is string => id !== null);
  const found = teams.map((id) => nextMatchOf(list, id, m)).filter((x): x is PlacedMatch => !!x);
  return found.filter((x, i) => found.findIndex((y) => y.slug === x.slug) === i);
}

/** The matches a correction reaches first: where the corrected match's teams went, when its winner changes. */
export function eliminationRoots(
  list: readonly PlacedMatch[],
  corrected: PlacedMatch,
  newWinnerId: string | null,
): PlacedMatch[] {
  return corrected.winnerId === newWinnerId ? [] : placementsOf(list, corrected);
}

/**
 * The playoff matches whose teams change when the final group standings do: the first playoff match of
 * every team that leaves a seat or takes one.
 */
export function playoffRoots(
  list: readonly PlacedMatch[],
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): PlacedMatch[] {
  const moved = new Set<string>();
  for (const seat of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[seat] !== after[seat]) {
      [before[seat], after[seat]].forEach((id) => id !== undefined && moved.add(id));
    }
  }
  const first = [...moved]
    .map((id) => list.filter((m) => holds(m, id)).sort((a, b) => order(a) - order(b))[0])
    .filter((m): m is PlacedMatch => !!m);
  return first.filter((m, i) => first.findIndex((x) => x.slug === m.slug) === i);
}

export interface DownstreamPlan {
  /** Not started: their wrong team is replaced (or taken out), their veto starts again. */
  repaired: PlacedMatch[];
  /** Started: they block the correction, or are reset with `force`. */
  reset: PlacedMatch[];
}

/**
 * Every match a correction reaches from `roots`: one not started is repaired (a bye passes its team
 * on, so what it fed is reached too); one started is reset, and what its result fed is reached in
 * turn. Both lists in play order.
 */
export function downstreamPlan(list: readonly PlacedMatch[], roots: readonly PlacedMatch[]): DownstreamPlan {
  const seen = new Map<string, PlacedMatch>();
  const queue = [...roots];
  while (queue.length > 0) {
    const m = queue.shift()!;
    if (seen.has(m.slug)) {
      continue;
    }
    seen.set(m.slug, m);
    if (hasStarted(m) || m.isBye) {
      queue.push(...placementsOf(list, m));
    }
  }
  const all = [...seen.values()].sort((a, b) => order(a) - order(b));
  return { repaired: all.filter((m) => !hasStarted(m)), reset: all.filter(hasStarted) };
}

/** The 409 details naming each started match that blocks a correction. */
export const blockingDetails = (reset: readonly PlacedMatch[]) =>
  reset.map((m) => ({ path: m.slug, message: `${m.label} is ${m.status}` }));
