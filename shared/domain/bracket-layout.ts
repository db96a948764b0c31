/**
 * Labels, empty-slot names and play order of an elimination or round-robin bracket, from the shape
 * brackets-manager generates (groups, rounds, match numbers, the `position` of a loser dropping down).
 * Pure: the caller passes plain data.
 */
import type { BracketKind } from '../contracts/matches.js';

export type StageKind = 'single_elimination' | 'double_elimination' | 'round_robin';

export interface LayoutSlot {
  /** Participant id, null while unknown. */
  id: number | null;
  /** brackets-manager's origin: the upper-bracket match number whose loser drops into this slot. */
  position?: number;
}

export interface LayoutMatch {
  id: number;
  /** 1 upper bracket (or the only one), 2 lower bracket (or third place in single elimination), 3 grand final. */
  group: number;
  round: number;
  number: number;
  /** null: no opponent will ever come (a bye). */
  opponent1: LayoutSlot | null;
  opponent2: LayoutSlot | null;
}

export interface MatchLayout {
  id: number;
  bracket: BracketKind;
  label: string;
  /** "Winner of UB R1 M2" for an empty slot; null when the slot is a bye or a first-round seed. */
  placeholder1: string | null;
  placeholder2: string | null;
  /** Position in play order, 1-based, over every match of the stage. */
  playOrder: number;
}

interface Feeder {
  result: 'Winner' | 'Loser';
  match: LayoutMatch;
}

const key = (group: number, round: number, number: number) => `${group}:${round}:${number}`;

export function layoutBracket(kind: StageKind, matches: readonly LayoutMatch[]): MatchLayout[] {
  const byPlace = new Map(matches.map((m) => [key(m.group, m.round, m.number), m]));
  const lastRound = (group: number) =>
    matches.reduce((max, m) => (m.group === group ? Math.max(max, m.round) : max), 0);
  const upperRounds = lastRound(1);
  const lowerRounds = lastRound(2);

  function bracketOf(m: LayoutMatch): BracketKind {
    if (kind === 'round_robin') {
      return 'RR';
    }
    if (kind === 'single_elimination') {
      return 'SE';
    }
    return m.group === 1 ? 'UB' : m.group === 2 ? 'LB' : m.round === 1 ? 'GF' : 'GF2';
  }

  function labelOf(m: LayoutMatch): string {
    switch (bracketOf(m)) {
      case 'RR':
        return `RR R${m.round} M${m.number}`;
      case 'SE':
        if (m.group === 2) {
          return 'Third Place';
        }
        return m.round === upperRounds ? 'Final' : `R${m.round} M${m.number}`;
      case 'UB':
        return `UB R${m.round} M${m.number}`;
      case 'LB':
        return `LB R${m.round} M${m.number}`;
      case 'GF':
        return 'Grand Final';
      default:
        return 'Grand Final (reset)';
    }
  }

  const at = (group: number, round: number, number: number | undefined) =>
    number === undefined ? undefined : byPlace.get(key(group, round, number));

  /** Where each slot's team comes from (brackets-manager's own wiring, see its `getPreviousMatches`). */
  function feeders(m: LayoutMatch): [Feeder | undefined, Feeder | undefined] {
    const winner = (match: LayoutMatch | undefined): Feeder | undefined =>
      match && { result: 'Winner', match };
    const loser = (match: LayoutMatch | undefined): Feeder | undefined => match && { result: 'Loser', match };
    if (kind === 'round_robin') {
      return [undefined, undefined];
    }
    if (m.group === 1) {
      return m.round === 1
        ? [undefined, undefined]
        : [winner(at(1, m.round - 1, m.number * 2 - 1)), winner(at(1, m.round - 1, m.number * 2))];
    }
    if (kind === 'single_elimination') {
      // Third place: the semi-final losers.
      return [loser(at(1, upperRounds - 1, 1)), loser(at(1, upperRounds - 1, 2))];
    }
    if (m.group === 2) {
      if (m.round === 1) {
        return [loser(at(1, 1, m.opponent1?.position)), loser(at(1, 1, m.opponent2?.position))];
      }
      if (m.round % 2 === 0) {
        // Losers of the upper bracket drop in against the lower bracket's survivors.
        return [loser(at(1, m.round / 2 + 1, m.opponent1?.position)), winner(at(2, m.round - 1, m.number))];
      }
      return [winner(at(2, m.round - 1, m.number * 2 - 1)), winner(at(2, m.round - 1, m.number * 2))];
    }
    if (m.round === 1) {
      return [winner(at(1, upperRounds, 1)), winner(at(2, lowerRounds, 1))];
    }
    // The reset replays the grand final side for side (brackets-manager keeps the sides): its slots
    // come from the same finals as the first one's.
    return feeders({ ...m, round: 1 });
  }

  const isBye = (m: LayoutMatch) => m.opponent1 === null || m.opponent2 === null;

  /** A feeder that is a bye passes its one real team through: name that team's origin instead. */
  function placeholder(slot: LayoutSlot | null, feeder: Feeder | undefined): string | null {
    if (slot === null || !feeder) {
      return null;
    }
    let current = feeder;
    while (isBye(current.match) && current.result === 'Winner') {
      const [one, two] = feeders(current.match);
      const through = current.match.opponent1 === null ? two : one;
      if (!through) {
        break;
      }
      current = through;
    }
    return `${current.result} of ${labelOf(current.match)}`;
  }

  /** When a round can be played: upper and lower rounds alternate, the grand final comes last. */
  function playTime(m: LayoutMatch): number {
    if (kind === 'round_robin') {
      // Round by round over all groups.
      return m.round;
    }
    if (kind !== 'double_elimination') {
      // Single elimination: the third place match is played before the final.
      return m.group === 2 ? upperRounds - 0.5 : m.round;
    }
    if (m.group === 1) {
      return m.round;
    }
    if (m.group === 2) {
      return m.round === 1 ? 1.5 : m.round % 2 === 0 ? m.round / 2 + 1.5 : (m.round + 3) / 2 + 0.25;
    }
    return 1000 + m.round;
  }

  const ordered = [...matches].sort(
    (a, b) => playTime(a) - playTime(b) || a.group - b.group || a.round - b.round || a.number - b.number,
  );
  const playOrder = new Map(ordered.map((m, i) => [m.id, i + 1]));

  return matches.map((m) => {
    const [feeder1, feeder2] = feeders(m);
    return {
      id: m.id,
      bracket: bracketOf(m),
      label: labelOf(m),
      placeholder1: placeholder(m.opponent1, feeder1),
      placeholder2: placeholder(m.opponent2, feeder2),
      playOrder: playOrder.get(m.id)!,
    };
  });
}
