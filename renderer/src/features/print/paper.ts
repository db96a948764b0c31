import type { Match } from '../../../../shared/contracts/matches.js';

export type PaperSize = 'a4' | 'a3';
export type Orientation = 'landscape' | 'portrait';
export const PAPER_SIZES: readonly PaperSize[] = ['a4', 'a3'];

/** `?paper=a3` picks A3; anything else (or nothing) is A4, the paper every office printer holds. */
export function paperFromParam(value: string | null): PaperSize {
  return value === 'a3' ? 'a3' : 'a4';
}

const AT_THE_END = Number.MAX_SAFE_INTEGER;

/** Where a match stands in the day: being played first, then by its estimate, its queue place, its round. */
function playRank(m: Match): number {
  if (m.status === 'live' || m.status === 'loaded') {
    return 0;
  }
  return m.eta?.startsAt ?? (m.queuePosition === null ? AT_THE_END : m.queuePosition);
}

/**
 * The matches of a match-call sheet in play order: finished and bye matches left out, the ones being
 * played first, then by ETA or queue place, the rest by stage, round and number.
 */
export function playOrder(matches: readonly Match[]): Match[] {
  const stageRank = (m: Match) => (m.stage === 'playoffs' ? 1 : 0);
  return matches
    .filter((m) => m.displayStatus !== 'BYE' && m.winnerId === null && m.status !== 'completed')
    .sort(
      (a, b) =>
        playRank(a) - playRank(b) ||
        stageRank(a) - stageRank(b) ||
        a.round - b.round ||
        a.matchNumber - b.matchNumber,
    );
}
