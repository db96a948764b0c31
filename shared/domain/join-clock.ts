/**
 * The join clock (API.md decision 59). Pure: the service reads the match, its tournament's settings,
 * the rosters and who is on the server, and passes the time in; these answer when the clock runs
 * out, who is present, and what happens at the deadline.
 */
import type { NoShowAction } from '../contracts/tournament.js';

export const DEFAULT_JOIN_MINUTES = 10;
export const DEFAULT_NO_SHOW_ACTION: NoShowAction = 'admin';

export interface JoinClockSettings {
  joinMinutes?: number | undefined;
  noShowAction?: NoShowAction | undefined;
}

export interface JoinRule {
  joinMinutes: number;
  noShowAction: NoShowAction;
}

/** The stage's own setting first, then the tournament's, then the defaults. */
export function joinRuleOf(tournament: JoinClockSettings | undefined, stage?: JoinClockSettings): JoinRule {
  return {
    joinMinutes: stage?.joinMinutes ?? tournament?.joinMinutes ?? DEFAULT_JOIN_MINUTES,
    noShowAction: stage?.noShowAction ?? tournament?.noShowAction ?? DEFAULT_NO_SHOW_ACTION,
  };
}

/** The deadline of a clock started at `startedAt`; null when the clock is off. */
export function deadlineFrom(startedAt: number, joinMinutes: number): number | null {
  return joinMinutes > 0 ? startedAt + joinMinutes * 60 : null;
}

/** Who is on the server now, from the plugin's connects and disconnects (shared/domain/match-live). */
export type ConnectedPlayers = Record<string, { connected: boolean }>;

/** Each side's roster players connected (a coach is not a player the match waits for). */
export function presentCounts(
  players: ConnectedPlayers,
  team1Ids: readonly string[],
  team2Ids: readonly string[],
): { team1: number; team2: number } {
  const count = (ids: readonly string[]) => ids.filter((id) => players[id]?.connected === true).length;
  return { team1: count(team1Ids), team2: count(team2Ids) };
}

export type NoShowVerdict =
  /** Everyone is there: the clock ran out on a match that is simply not ready yet. */
  | { kind: 'none' }
  /** Walkover: this side forfeits. */
  | { kind: 'forfeit'; side: 'team1' | 'team2' }
  /** The organiser decides; `short` names the sides missing players. */
  | { kind: 'attention'; short: ('team1' | 'team2')[] };

/**
 * What the deadline does: `admin` asks the organiser about any short side; `walkover` forfeits the one
 * side short of `teamSize`, and asks the organiser when both are.
 */
export function noShowVerdict(
  present: { team1: number; team2: number },
  teamSize: number,
  action: NoShowAction,
): NoShowVerdict {
  const short = (['team1', 'team2'] as const).filter((side) => present[side] < teamSize);
  if (short.length === 0) {
    return { kind: 'none' };
  }
  if (action === 'walkover' && short.length === 1) {
    return { kind: 'forfeit', side: short[0]! };
  }
  return { kind: 'attention', short: [...short] };
}

/** The no-show item's sentence: which sides are short, by how many players. */
export function noShowMessage(
  label: string,
  short: readonly { name: string; present: number }[],
  teamSize: number,
): string {
  const who = short.map((s) => `${s.name} (${s.present}/${teamSize} present)`).join(' and ');
  return `${label}: the join clock ran out with ${who}. Forfeit, hold or wait.`;
}
