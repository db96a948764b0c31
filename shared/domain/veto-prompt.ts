import type { VetoBoard } from '../contracts/veto.js';

export type Side = 'team1' | 'team2';

/**
 * What the board says on top, as facts the web app puts into words in the reader's language: the veto
 * is over or not started, or whose turn it is to do what, from the point of view of `mySide`.
 */
export type VetoPrompt =
  | { myTurn: false; kind: 'skipped' | 'done' | 'notStarted' }
  | {
      myTurn: boolean;
      kind: 'turn';
      action: NonNullable<VetoBoard['currentAction']>;
      /** The team on turn, by name. */
      teamName: string;
      /** The map a side is chosen for, when the action is a side choice and the map is known. */
      sideMap: string | null;
    };

/** Whose turn it is, from the point of view of `mySide` (null: a spectator). */
export function vetoPrompt(board: VetoBoard, mySide: Side | null): VetoPrompt {
  if (board.status === 'completed' || board.status === 'skipped') {
    return { myTurn: false, kind: board.status === 'skipped' ? 'skipped' : 'done' };
  }
  const team = board.currentTeam;
  const action = board.currentAction;
  if (team === null || action === null) {
    return { myTurn: false, kind: 'notStarted' };
  }
  return {
    myTurn: team === mySide,
    kind: 'turn',
    action,
    teamName: board[team]?.name ?? team,
    sideMap: action === 'side' ? lastPicked(board) : null,
  };
}

/** The map a side choice is for: the map just picked, else (after the last bans) the decider. */
function lastPicked(board: VetoBoard): string | null {
  const last = board.history.at(-1);
  if (last?.action === 'pick') {
    return last.map;
  }
  return board.pool.find((p) => p.state === 'decider' || p.state === 'available')?.map ?? null;
}

/**
 * Which side of the match a player plays, from all the teams they are on (one may be another
 * tournament's). On both rosters they act for the team on turn, as the API does.
 */
export function playerSide(board: VetoBoard, teamIds: readonly string[]): Side | null {
  const sides = (['team1', 'team2'] as const).filter((side) => {
    const id = board[side]?.id;
    return id !== undefined && teamIds.includes(id);
  });
  if (board.currentTeam !== null && sides.includes(board.currentTeam)) {
    return board.currentTeam;
  }
  return sides[0] ?? null;
}

/**
 * The board to show when one arrives: answers can land out of order (a reload started before the
 * player's own action), and the version only grows, so an older board never replaces a newer one.
 */
export function newerBoard(current: VetoBoard | null, incoming: VetoBoard): VetoBoard {
  return current?.matchSlug === incoming.matchSlug && current.version > incoming.version ? current : incoming;
}
