/**
 * Check-in (API.md decisions 33-36) as plain rules: when it is open, who may check a team in, and
 * which teams a start leaves out. Pure.
 */
import type { CheckInSettings, TournamentStatus } from '../contracts/tournament.js';

export type CheckInState = 'off' | 'not_open' | 'open' | 'closed';

/** `closed` after the deadline and once the tournament has started. */
export function checkInState(settings: CheckInSettings, status: TournamentStatus, now: number): CheckInState {
  if (!settings.required) {
    return 'off';
  }
  if (status !== 'setup' || (settings.deadline !== null && now > settings.deadline)) {
    return 'closed';
  }
  if (settings.opensAt !== null && now < settings.opensAt) {
    return 'not_open';
  }
  return 'open';
}

export type CheckInRefusal = {
  status: 422;
  code: 'CHECK_IN_NOT_REQUIRED' | 'CHECK_IN_NOT_OPEN' | 'CHECK_IN_CLOSED';
  message: string;
} | null;

/**
 * Why a check-in (or its undo) is refused, or null: an admin may change any team while the
 * tournament is in setup, whatever the times; a player only while check-in is open.
 */
export function checkInRefusal(
  settings: CheckInSettings,
  status: TournamentStatus,
  now: number,
  by: 'admin' | 'player',
): CheckInRefusal {
  const state = checkInState(settings, status, now);
  if (state === 'off') {
    return {
      status: 422,
      code: 'CHECK_IN_NOT_REQUIRED',
      message: 'This tournament does not ask teams to check in.',
    };
  }
  if (status !== 'setup') {
    return {
      status: 422,
      code: 'CHECK_IN_CLOSED',
      message: 'The tournament has started: check-in is closed.',
    };
  }
  if (by === 'admin') {
    return null;
  }
  if (state === 'not_open') {
    return { status: 422, code: 'CHECK_IN_NOT_OPEN', message: 'Check-in has not opened yet.' };
  }
  if (state === 'closed') {
    return { status: 422, code: 'CHECK_IN_CLOSED', message: 'The check-in deadline has passed.' };
  }
  return null;
}

/** The teams a start draws and drops: with `missing: "drop"`, those not checked in stay out. */
export function teamsAtStart(
  settings: CheckInSettings,
  teamIds: readonly string[],
  checkedIn: ReadonlySet<string>,
): { drawn: string[]; dropped: string[] } {
  if (!settings.required || settings.missing !== 'drop') {
    return { drawn: [...teamIds], dropped: [] };
  }
  return {
    drawn: teamIds.filter((id) => checkedIn.has(id)),
    dropped: teamIds.filter((id) => !checkedIn.has(id)),
  };
}

/** What the forfeit rules read of a match. */
export interface ForfeitCandidate {
  slug: string;
  stage: string | null;
  status: string;
  team1Id: string | null;
  team2Id: string | null;
  isBye: boolean;
  playOrder: number | null;
}

export interface DueForfeit {
  slug: string;
  /** null: both teams absent where a draw is a result (a loss for each). */
  winner: 'team1' | 'team2' | null;
  teamIds: string[];
}

/**
 * The next match to forfeit (API.md decision 36, `missing: "forfeit"`): the first match in play order,
 * not started, both teams known, that is the first such match of a team not checked in. Its opponent
 * wins; both absent: team 1 goes through in elimination, nobody wins where draws count.
 */
export function dueForfeit(
  list: readonly ForfeitCandidate[],
  absent: ReadonlySet<string>,
  drawsAllowed: (stage: string | null) => boolean,
): DueForfeit | null {
  const real = [...list]
    .filter((m) => !m.isBye && m.team1Id !== null && m.team2Id !== null)
    .sort((a, b) => (a.playOrder ?? 0) - (b.playOrder ?? 0));
  const firstOf = new Map<string, string>();
  for (const m of real) {
    for (const id of [m.team1Id!, m.team2Id!]) {
      if (!firstOf.has(id)) {
        firstOf.set(id, m.slug);
      }
    }
  }
  for (const m of real) {
    if (m.status !== 'pending' && m.status !== 'ready') {
      continue;
    }
    const missing = [m.team1Id!, m.team2Id!].filter((id) => absent.has(id) && firstOf.get(id) === m.slug);
    if (missing.length === 0) {
      continue;
    }
    const winner =
      missing.length === 2
        ? drawsAllowed(m.stage)
          ? null
          : 'team1'
        : missing[0] === m.team1Id
          ? 'team2'
          : 'team1';
    return { slug: m.slug, winner, teamIds: missing };
  }
  return null;
}
