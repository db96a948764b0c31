/**
 * Where the winner of each elimination match plays next, read from the bracket's shape (brackets-manager's
 * wiring, the one `bracket-layout.ts` names the empty slots from): the lines a bracket is drawn with.
 * Losers dropping to the lower bracket are not links (a bracket drawing leaves them out). Pure.
 */
import type { Match } from '../contracts/matches.js';

export type LinkedMatch = Pick<Match, 'slug' | 'bracket' | 'round' | 'matchNumber' | 'label'>;

export interface WinnerLink {
  /** The match whose winner moves on. */
  from: string;
  /** The match the winner moves to. */
  to: string;
}

/** Single elimination's third-place match takes the semi-final losers: no winner goes into or out of it. */
const isThirdPlace = (m: LinkedMatch) => m.bracket === 'SE' && m.label === 'Third Place';

/** The winner links of one tournament stage's matches (round robin and Swiss have none). */
export function winnerLinks(matches: readonly LinkedMatch[]): WinnerLink[] {
  const at = new Map(matches.map((m) => [`${m.bracket}:${m.round}:${m.matchNumber}`, m]));
  const find = (bracket: string, round: number, matchNumber: number) =>
    at.get(`${bracket}:${round}:${matchNumber}`);
  const lastRound = (bracket: string) =>
    matches.reduce((max, m) => (m.bracket === bracket && !isThirdPlace(m) ? Math.max(max, m.round) : max), 0);
  const grandFinal = matches.find((m) => m.bracket === 'GF');

  function next(m: LinkedMatch): LinkedMatch | undefined {
    switch (m.bracket) {
      case 'SE':
        return isThirdPlace(m) ? undefined : find('SE', m.round + 1, Math.ceil(m.matchNumber / 2));
      case 'UB':
        return m.round === lastRound('UB')
          ? grandFinal
          : find('UB', m.round + 1, Math.ceil(m.matchNumber / 2));
      case 'LB':
        if (m.round === lastRound('LB')) {
          return grandFinal;
        }
        // An odd round's winner meets the next upper-bracket loser (same number); even rounds pair up.
        return find('LB', m.round + 1, m.round % 2 === 1 ? m.matchNumber : Math.ceil(m.matchNumber / 2));
      case 'GF':
        return matches.find((x) => x.bracket === 'GF2');
      default:
        return undefined;
    }
  }

  return matches.flatMap((m) => {
    const to = next(m);
    return to ? [{ from: m.slug, to: to.slug }] : [];
  });
}
