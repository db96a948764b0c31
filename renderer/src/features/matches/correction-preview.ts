import type { Match, MatchStatus } from '../../../../shared/contracts/matches.js';
import {
  downstreamPlan,
  eliminationRoots,
  type PlacedMatch,
} from '../../../../shared/domain/result-correction.js';

const ELIMINATION_BRACKETS = new Set(['SE', 'UB', 'LB', 'GF', 'GF2']);

const placed = (m: Match): PlacedMatch => ({
  slug: m.slug,
  label: m.label,
  status: m.status,
  serverId: m.serverId,
  team1Id: m.team1?.id ?? null,
  team2Id: m.team2?.id ?? null,
  winnerId: m.winnerId,
  isBye: m.displayStatus === 'BYE',
  playOrder: null,
});

export interface CorrectionPreview {
  repaired: string[];
  /** The started matches that block it, with their state for the page to put in words. */
  reset: { label: string; status: MatchStatus }[];
  /** A group match after the playoffs filled: the server works out which playoff matches change. */
  playoffsMayChange: boolean;
}

/**
 * What a correction to `winner` will do downstream, by the server's own rules (API.md decision 38),
 * from the matches shown: `order` gives each match's place in play order (the list order of the
 * bracket answer).
 */
export function correctionPreview(
  match: Match,
  all: readonly Match[],
  winner: 'team1' | 'team2',
): CorrectionPreview {
  const newWinnerId = match[winner]?.id ?? null;
  if (!ELIMINATION_BRACKETS.has(match.bracket)) {
    const playoffsFilled = all.some((m) => m.stage === 'playoffs' && (m.team1 !== null || m.team2 !== null));
    return {
      repaired: [],
      reset: [],
      playoffsMayChange: match.stage === 'groups' && playoffsFilled && newWinnerId !== match.winnerId,
    };
  }
  const stage = all
    .filter((m) => m.tournamentId === match.tournamentId && m.stage === match.stage)
    .map((m, i) => ({ ...placed(m), playOrder: i }));
  const corrected = stage.find((m) => m.slug === match.slug);
  if (!corrected) {
    return { repaired: [], reset: [], playoffsMayChange: false };
  }
  const plan = downstreamPlan(stage, eliminationRoots(stage, corrected, newWinnerId));
  return {
    repaired: plan.repaired.map((m) => m.label),
    reset: plan.reset.map((m) => ({ label: m.label, status: m.status })),
    playoffsMayChange: false,
  };
}
