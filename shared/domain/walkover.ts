/**
 * Walkovers (API.md decisions 60, 61): who wins a match a team forfeits, and which matches a
 * withdrawn team loses next. Pure.
 */

export type Side = 'team1' | 'team2';

/**
 * The result of a match `forfeiting` gives up: the other side wins; the standings count it as maps
 * 1-0 (rounds 0-0, as no map was played).
 */
export function walkoverResult(forfeiting: Side): {
  winner: Side;
  team1SeriesScore: number;
  team2SeriesScore: number;
} {
  const winner: Side = forfeiting === 'team1' ? 'team2' : 'team1';
  return {
    winner,
    team1SeriesScore: winner === 'team1' ? 1 : 0,
    team2SeriesScore: winner === 'team2' ? 1 : 0,
  };
}

/** What the withdrawal rules read of a match. */
export interface WalkoverCandidate {
  slug: string;
  status: string;
  team1Id: string | null;
  team2Id: string | null;
  isBye: boolean;
  playOrder: number | null;
}

/** Statuses of a match not finished yet: a withdrawn team forfeits it. */
const UNFINISHED = new Set(['pending', 'ready', 'loaded', 'live', 'needs_decision']);

/** A match a withdrawn team loses without playing. */
export interface DueWalkover {
  slug: string;
  /** The withdrawn team(s) in it: one, or both when both left. */
  teamIds: string[];
  /**
   * The side that goes through: the other team's; with both teams withdrawn, team 1 where a series
   * needs a winner (elimination), else nobody (a loss for each).
   */
  winner: Side | null;
}

/**
 * Every match, in play order, that a withdrawn team has not finished and whose two teams are known:
 * it loses them all (decision 61). Matches it would reach later are found again once their teams are.
 */
export function dueWalkovers(
  list: readonly WalkoverCandidate[],
  withdrawn: ReadonlySet<string>,
  drawAllowed: (slug: string) => boolean,
): DueWalkover[] {
  return [...list]
    .filter((m) => !m.isBye && m.team1Id !== null && m.team2Id !== null && UNFINISHED.has(m.status))
    .sort((a, b) => (a.playOrder ?? 0) - (b.playOrder ?? 0))
    .flatMap((m) => {
      const teamIds = [m.team1Id!, m.team2Id!].filter((id) => withdrawn.has(id));
      if (teamIds.length === 0) {
        return [];
      }
      const both = teamIds.length === 2;
      const winner: Side | null = both
        ? drawAllowed(m.slug)
          ? null
          : 'team1'
        : teamIds[0] === m.team1Id
          ? 'team2'
          : 'team1';
      return [{ slug: m.slug, teamIds, winner }];
    });
}
