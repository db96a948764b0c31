import type { VetoBoard } from '../contracts/veto.js';

export type Side = 'team1' | 'team2';

const ACTION_TEXT = { ban: 'ban a map', pick: 'pick a map', side: 'choose a starting side' } as const;

/** "de_mirage" -> "Mirage": how players name maps. */
export function mapLabel(map: string): string {
  const name = map.replace(/^[a-z]+_/, '').replace(/_/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** What the board says on top: whose turn it is, from the point of view of `mySide` (null: a spectator). */
export function vetoPrompt(board: VetoBoard, mySide: Side | null): { myTurn: boolean; text: string } {
  if (board.status === 'completed' || board.status === 'skipped') {
    return {
      myTurn: false,
      text: board.status === 'skipped' ? 'The veto was skipped.' : 'The veto is done.',
    };
  }
  const team = board.currentTeam;
  const action = board.currentAction;
  if (team === null || action === null) {
    return { myTurn: false, text: 'The veto starts once both teams are known.' };
  }
  const doing = ACTION_TEXT[action];
  const sideMap = action === 'side' ? lastPicked(board) : null;
  const what = sideMap ? `${doing} on ${mapLabel(sideMap)}` : doing;
  if (team === mySide) {
    return { myTurn: true, text: `Your turn: ${what}.` };
  }
  return { myTurn: false, text: `Waiting for ${board[team]?.name ?? team} to ${what}.` };
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

/** How a map of the result starts: "Alpha starts CT", or a knife round. */
export function sideText(board: VetoBoard, side: VetoBoard['maps'][number]['side']): string {
  if (side === 'knife') {
    return 'Knife round for sides';
  }
  const team1 = board.team1?.name ?? 'Team 1';
  return `${team1} starts ${side === 'team1_ct' ? 'CT' : 'T'}`;
}

/**
 * The board to show when one arrives: answers can land out of order (a reload started before the
 * player's own action), and the version only grows, so an older board never replaces a newer one.
 */
export function newerBoard(current: VetoBoard | null, incoming: VetoBoard): VetoBoard {
  return current?.matchSlug === incoming.matchSlug && current.version > incoming.version ? current : incoming;
}
