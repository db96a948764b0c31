import type { Match } from '../../../../shared/contracts/matches.js';

export type PaperSize = 'a4' | 'a3';
export type Orientation = 'landscape' | 'portrait';
export const PAPER_SIZES: readonly PaperSize[] = ['a4', 'a3'];

/** `?paper=a3` picks A3; anything else (or nothing) is A4, the paper every office printer holds. */
export function paperFromParam(value: string | null): PaperSize {
  return value === 'a3' ? 'a3' : 'a4';
}

/** Which group a match is called in: being played, then with an ETA, then with a queue place, then the rest. */
function callGroup(m: Match): number {
  if (m.status === 'live' || m.status === 'loaded') {
    return 0;
  }
  return m.eta ? 1 : m.queuePosition !== null ? 2 : 3;
}

/** The order inside a group: the ETA's time, or the queue place (ETAs and places are never compared). */
const withinGroup = (m: Match) => m.eta?.startsAt ?? m.queuePosition ?? 0;

const ENDED: readonly Match['status'][] = ['completed', 'cancelled'];

/**
 * The matches of a match-call sheet in play order: finished, cancelled and bye matches left out, the ones being
 * played first, then by ETA or queue place, the rest by stage, round and number.
 */
export function playOrder(matches: readonly Match[]): Match[] {
  const stageRank = (m: Match) => (m.stage === 'playoffs' ? 1 : 0);
  return matches
    .filter((m) => m.displayStatus !== 'BYE' && m.winnerId === null && !ENDED.includes(m.status))
    .sort(
      (a, b) =>
        callGroup(a) - callGroup(b) ||
        withinGroup(a) - withinGroup(b) ||
        stageRank(a) - stageRank(b) ||
        a.round - b.round ||
        a.matchNumber - b.matchNumber,
    );
}
