import type { BracketKind, Match } from '../../../../shared/contracts/matches.js';
import { t } from '../../i18n/index.js';

export type BracketPartId = 'bracket' | 'upper' | 'lower' | 'grandFinal' | 'rounds';

export interface BracketColumn {
  key: string;
  title: string;
  matches: Match[];
}

export interface BracketSection {
  key: BracketPartId;
  title: string;
  columns: BracketColumn[];
}

const PARTS: { kinds: BracketKind[]; part: BracketPartId }[] = [
  { kinds: ['SE'], part: 'bracket' },
  { kinds: ['UB'], part: 'upper' },
  { kinds: ['LB'], part: 'lower' },
  { kinds: ['GF', 'GF2'], part: 'grandFinal' },
  { kinds: ['RR', 'SWISS'], part: 'rounds' },
];

/** "Final", "Semi-finals", "Quarter-finals" for the last rounds of an elimination bracket, else "Round n". */
function eliminationRoundTitle(round: number, lastRound: number, upper: boolean): string {
  switch (lastRound - round) {
    case 0:
      return t(upper ? 'bracket.view.column.upperFinal' : 'bracket.view.column.final');
    case 1:
      return t(upper ? 'bracket.view.column.upperSemiFinals' : 'bracket.view.column.semiFinals');
    case 2:
      return t(upper ? 'bracket.view.column.upperQuarterFinals' : 'bracket.view.column.quarterFinals');
    default:
      return t(upper ? 'bracket.view.column.upperRound' : 'bracket.view.column.round', { round });
  }
}

function columnTitle(kind: BracketKind, round: number, lastRound: number): string {
  switch (kind) {
    case 'SE':
    case 'UB':
      return eliminationRoundTitle(round, lastRound, kind === 'UB');
    case 'LB':
      return round === lastRound
        ? t('bracket.view.column.lowerFinal')
        : t('bracket.view.column.lowerRound', { round });
    case 'GF':
      return t('bracket.view.column.grandFinal');
    case 'GF2':
      return t('bracket.view.column.grandFinalReset');
    default:
      return t('bracket.view.column.round', { round });
  }
}

const byNumber = (a: Match, b: Match) => a.matchNumber - b.matchNumber;

/**
 * The columns a bracket is drawn in: one part per bracket kind (upper, lower, grand final), one column
 * per round in play order; single elimination's third-place match sits beside its final. Translated
 * titles: call it while rendering.
 */
export function bracketSections(matches: readonly Match[]): BracketSection[] {
  const sections: BracketSection[] = [];
  for (const { kinds, part } of PARTS) {
    const inPart = matches.filter((m) => kinds.includes(m.bracket));
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
        title: columnTitle(m.bracket, m.round, lastRound),
        matches: [],
      };
      column.matches.push(m);
      columns.set(key, column);
    }
    const list = [...columns.values()];
    if (thirdPlace.length > 0) {
      list.push({ key: 'third', title: t('bracket.view.column.thirdPlace'), matches: thirdPlace });
    }
    sections.push({ key: part, title: t(`bracket.view.part.${part}`), columns: list });
  }
  return sections;
}

/** Whether a match is being played now (shown with its running map score). */
export const isLive = (m: Match) => m.status === 'live' || m.status === 'loaded';
