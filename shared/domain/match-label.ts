/**
 * The parts of a match label as the API words it (decision 28's English patterns, built by the stage
 * engines and `bracket-layout`), so a page can say it in its own language. Pure.
 */

/** A numbered match: its round and its number in the round. */
interface Numbered {
  round: number;
  number: number;
}

export type MatchLabelParts =
  | ({ kind: 'group'; group: string } & Numbered)
  | ({ kind: 'swiss' | 'shuffle' | 'roundRobin' | 'round' | 'upper' | 'lower' } & Numbered)
  | { kind: 'final' | 'thirdPlace' | 'grandFinal' | 'grandFinalReset' }
  /** An empty slot: the winner or loser of another match. */
  | { kind: 'winnerOf' | 'loserOf'; match: MatchLabelParts }
  /** An empty playoff slot: a place in a group's table. */
  | { kind: 'groupPlace'; group: string; place: number }
  /** A label an organiser typed (a manual match): shown as it is. */
  | { kind: 'text'; text: string };

const NUMBERED_PREFIXES = {
  Swiss: 'swiss',
  Shuffle: 'shuffle',
  RR: 'roundRobin',
  UB: 'upper',
  LB: 'lower',
} as const;

const NAMED = {
  Final: 'final',
  'Third Place': 'thirdPlace',
  'Grand Final': 'grandFinal',
  'Grand Final (reset)': 'grandFinalReset',
} as const;

/** Reads a match label, or an empty slot's name ("Winner of UB R1 M2", "Group A #1"), into its parts. */
export function parseMatchLabel(label: string): MatchLabelParts {
  const slot = /^(Winner|Loser) of (.+)$/.exec(label);
  if (slot) {
    return { kind: slot[1] === 'Winner' ? 'winnerOf' : 'loserOf', match: parseMatchLabel(slot[2]!) };
  }
  const seat = /^Group (\S+) #(\d+)$/.exec(label);
  if (seat) {
    return { kind: 'groupPlace', group: seat[1]!, place: Number(seat[2]) };
  }
  const group = /^Group (\S+) R(\d+) M(\d+)$/.exec(label);
  if (group) {
    return { kind: 'group', group: group[1]!, round: Number(group[2]), number: Number(group[3]) };
  }
  const numbered = /^(?:(Swiss|Shuffle|RR|UB|LB) )?R(\d+) M(\d+)$/.exec(label);
  if (numbered) {
    const prefix = numbered[1] as keyof typeof NUMBERED_PREFIXES | undefined;
    return {
      kind: prefix ? NUMBERED_PREFIXES[prefix] : 'round',
      round: Number(numbered[2]),
      number: Number(numbered[3]),
    };
  }
  const named = NAMED[label as keyof typeof NAMED];
  return named ? { kind: named } : { kind: 'text', text: label };
}

/** The named rounds of an elimination bracket, counted back from its last. */
export type NamedRound = 'final' | 'semiFinal' | 'quarterFinal';

/**
 * The named round of a numbered elimination match ("R2 M1" of three rounds is a semi-final, "UB R4 M1"
 * of four the upper final), so a card under the "Semi-finals" heading says "Semi-final 1"; null for
 * other rounds and other labels. `lastRound` is the number of rounds of the match's bracket. A lower
 * bracket names only its final (its rounds are not halvings).
 */
export function namedRoundOf(parts: MatchLabelParts, lastRound: number): NamedRound | null {
  if (parts.kind !== 'round' && parts.kind !== 'upper' && parts.kind !== 'lower') {
    return null;
  }
  const named = (['final', 'semiFinal', 'quarterFinal'] as const)[lastRound - parts.round] ?? null;
  return parts.kind === 'lower' && named !== 'final' ? null : named;
}

/** How many rounds a page's elimination brackets have: single elimination's (`round`), upper and lower. */
export type LastRounds = Partial<Record<'round' | 'upper' | 'lower', number>>;

/** A match as far as its label's round name needs it. */
export interface LabelledMatch {
  bracket: string;
  round: number;
  label: string;
}

/**
 * The number of rounds of the single-elimination bracket (`round`), the upper and the lower bracket among
 * these matches, where they hold one: what `namedRoundOf` counts back from.
 */
export function lastRoundsOf(matches: readonly LabelledMatch[]): LastRounds {
  const last = (bracket: string) =>
    matches.reduce(
      (max, m) => (m.bracket === bracket && m.label !== 'Third Place' ? Math.max(max, m.round) : max),
      0,
    );
  const rounds = { round: last('SE'), upper: last('UB'), lower: last('LB') };
  return Object.fromEntries(Object.entries(rounds).filter(([, n]) => n > 0));
}
