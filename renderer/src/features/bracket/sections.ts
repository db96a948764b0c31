import type { BracketKind, Match } from '../../../../shared/contracts/matches.js';

export interface BracketColumn {
  key: string;
  title: string;
  matches: Match[];
}

export interface BracketSection {
  key: string;
  /** Shown when a bracket has several parts (double elimination). */
  title: string | null;
  columns: BracketColumn[];
}

const PARTS: { kinds: BracketKind[]; title: string; prefix: string }[] = [
  { kinds: ['SE'], title: 'Bracket', prefix: '' },
  { kinds: ['UB'], title: 'Upper bracket', prefix: 'UB ' },
  { kinds: ['LB'], title: 'Lower bracket', prefix: 'LB ' },
  { kinds: ['GF', 'GF2'], title: 'Grand final', prefix: '' },
  { kinds: ['RR', 'SWISS'], title: 'Rounds', prefix: '' },
];

/** "Final", "Semi-finals", "Quarter-finals" for the last rounds of an elimination bracket. */
function eliminationRoundTitle(round: number, lastRound: number, prefix: string): string {
  const fromEnd = lastRound - round;
  const name =
    fromEnd === 0 ? 'Final' : fromEnd === 1 ? 'Semi-finals' : fromEnd === 2 ? 'Quarter-finals' : '';
  return name ? `${prefix}${name}` : `${prefix}Round ${round}`;
}

function columnTitle(kind: BracketKind, round: number, lastRound: number, prefix: string): string {
  if (kind === 'SE' || kind === 'UB') {
    return eliminationRoundTitle(round, lastRound, prefix);
  }
  if (kind === 'LB') {
    return round === lastRound ? 'LB Final' : `LB Round ${round}`;
  }
  if (kind === 'GF' || kind === 'GF2') {
    return kind === 'GF' ? 'Grand Final' : 'Grand Final (reset)';
  }
  return `Round ${round}`;
}

const byNumber = (a: Match, b: Match) => a.matchNumber - b.matchNumber;

/**
 * The columns a bracket is drawn in: one part per bracket kind (upper, lower, grand final), one column
 * per round in play order; single elimination's third-place match sits beside its final.
 */
export function bracketSections(matches: readonly Match[]): BracketSection[] {
  const sections: BracketSection[] = [];
  for (const part of PARTS) {
    const inPart = matches.filter((m) => part.kinds.includes(m.bracket));
    if (inPart.length === 0) {
      continue;
    }
    const columns = new Map<string, BracketColumn>();
    const thirdPlace = inPart.filter((m) => m.label === 'Third Place');
    const main = inPart.filter((m) => m.label !== 'Third Place');
    const lastRound = main.reduce((max, m) => Math.max(max, m.round), 0);
    const ordered = [...main].sort((a, b) =>
      a.bracket === b.bracket ? a.round - b.round || byNumber(a, b) : a.bracket === 'GF' ? -1 : 1,
    );
    for (const m of ordered) {
      const key = `${m.bracket}:${m.round}`;
      const column = columns.get(key) ?? {
        key,
        title: columnTitle(m.bracket, m.round, lastRound, part.prefix),
        matches: [],
      };
      column.matches.push(m);
      columns.set(key, column);
    }
    const list = [...columns.values()];
    if (thirdPlace.length > 0) {
      list.push({ key: 'third', title: 'Third place', matches: thirdPlace });
    }
    sections.push({ key: part.title, title: part.title, columns: list });
  }
  return sections;
}

/** Whether a match is being played now (shown with its running map score). */
export const isLive = (m: Match) => m.status === 'live' || m.status === 'loaded';
