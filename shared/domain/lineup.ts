/**
 * Lineups (API.md decisions 62-63): which roster players a match lists. Pure; the lineups feature
 * stores the choice and the config builder reads it.
 */
export interface LineupRosterEntry {
  platformId: string;
  name: string;
  role?: 'player' | 'coach';
}

export type LineupProblem =
  | { code: 'LINEUP_WRONG_SIZE'; message: string }
  | { code: 'LINEUP_NOT_ON_ROSTER'; message: string }
  | { code: 'LINEUP_DUPLICATE'; message: string }
  | { code: 'LINEUP_COACH'; message: string };

const isCoach = (entry: LineupRosterEntry) => entry.role === 'coach';

/** The roster's players that may play, in roster order. */
export const playersOf = (roster: readonly LineupRosterEntry[]) => roster.filter((p) => !isCoach(p));

export const coachOf = (roster: readonly LineupRosterEntry[]) => roster.find(isCoach) ?? null;

/** No choice stored: the first team-size players of the roster, in roster order. */
export function defaultLineup(roster: readonly LineupRosterEntry[], teamSize: number): string[] {
  return playersOf(roster)
    .slice(0, teamSize)
    .map((p) => p.platformId);
}

/**
 * The lineup that plays: the stored choice while each of its players is still a roster player (an admin
 * may have edited the roster since), else the default.
 */
export function effectiveLineup(
  roster: readonly LineupRosterEntry[],
  teamSize: number,
  chosen: readonly string[] | null,
): string[] {
  const players = new Set(playersOf(roster).map((p) => p.platformId));
  if (chosen && chosen.length > 0 && chosen.every((id) => players.has(id))) {
    return [...chosen];
  }
  return defaultLineup(roster, teamSize);
}

/** Why a chosen lineup cannot play, or null. A roster shorter than the team size may list all it has. */
export function lineupProblem(
  roster: readonly LineupRosterEntry[],
  teamSize: number,
  chosen: readonly string[],
): LineupProblem | null {
  if (new Set(chosen).size !== chosen.length) {
    return { code: 'LINEUP_DUPLICATE', message: 'A player is listed twice in the lineup.' };
  }
  for (const id of chosen) {
    const entry = roster.find((p) => p.platformId === id);
    if (!entry) {
      return { code: 'LINEUP_NOT_ON_ROSTER', message: `Player ${id} is not on the team's roster.` };
    }
    if (isCoach(entry)) {
      return { code: 'LINEUP_COACH', message: `${entry.name} is the team's coach and cannot play.` };
    }
  }
  const wanted = Math.min(teamSize, playersOf(roster).length);
  if (chosen.length !== wanted) {
    return {
      code: 'LINEUP_WRONG_SIZE',
      message: `A lineup lists exactly ${wanted} player${wanted === 1 ? '' : 's'}; this one lists ${chosen.length}.`,
    };
  }
  return null;
}

/** The lineup after `out` leaves and `in` takes his place, or why not. */
export function swappedLineup(
  roster: readonly LineupRosterEntry[],
  lineup: readonly string[],
  out: string,
  incoming: string,
): { lineup: string[] } | LineupProblem {
  if (!lineup.includes(out)) {
    return { code: 'LINEUP_NOT_ON_ROSTER', message: `Player ${out} is not in this match's lineup.` };
  }
  if (lineup.includes(incoming)) {
    return { code: 'LINEUP_DUPLICATE', message: `Player ${incoming} is already in the lineup.` };
  }
  const entry = roster.find((p) => p.platformId === incoming);
  if (entry && isCoach(entry)) {
    return { code: 'LINEUP_COACH', message: `${entry.name} is the team's coach and cannot play.` };
  }
  return { lineup: lineup.map((id) => (id === out ? incoming : id)) };
}
