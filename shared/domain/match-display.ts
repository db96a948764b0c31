import type { DisplayStatus, MatchStatus } from '../contracts/matches.js';

export interface DisplayFacts {
  status: MatchStatus;
  isBye: boolean;
  hasBothTeams: boolean;
  vetoPending: boolean;
}

/** The spec's display label of a match, from its stored status and a few facts about it. */
export function displayStatus(m: DisplayFacts): DisplayStatus {
  if (m.isBye && m.status !== 'cancelled') {
    return 'BYE';
  }
  switch (m.status) {
    case 'cancelled':
      return 'Cancelled';
    case 'completed':
      return 'Completed';
    case 'needs_decision':
      return 'NEEDS ADMIN DECISION';
    case 'live':
      return 'Live';
    case 'loaded':
      return 'Loaded';
    case 'ready':
      return 'Waiting for a server';
    case 'pending':
      if (!m.hasBothTeams) {
        return 'Waiting for pairing';
      }
      return m.vetoPending ? 'Veto pending' : 'Waiting for a server';
  }
}

/** Stored status of a match that is not under way: teams unknown or veto to do -> pending, else ready. */
export function statusBeforePlay(hasBothTeams: boolean, needsVeto: boolean): MatchStatus {
  return hasBothTeams && !needsVeto ? 'ready' : 'pending';
}

/** How a completed match that played no map was decided, for the pages that would otherwise show a map pool. */
export type DecisionWithoutMaps =
  /** A bye: one team had no opponent. */
  | { kind: 'bye'; winner: 'team1' | 'team2' | null }
  /** Lost without playing (API.md decisions 36, 59-61): `reason` says why the absent teams lost. */
  | {
      kind: 'forfeit';
      winner: 'team1' | 'team2' | null;
      absentTeamIds: string[];
      reason: 'no_check_in' | 'forfeit' | 'withdrawn' | 'no_show';
    }
  /** Set by the organiser: a decided winner or a corrected result (API.md decisions 19 and 39). */
  | { kind: 'decided'; winner: 'team1' | 'team2' | null };

export interface DecisionFacts {
  status: MatchStatus;
  displayStatus: DisplayStatus;
  winnerId: string | null;
  team1: { id: string } | null;
  team2: { id: string } | null;
  maps: unknown[];
  forfeit: { teamIds: string[]; reason: 'no_check_in' | 'forfeit' | 'withdrawn' | 'no_show' } | null;
}

/** Null while the match is not completed or once a map was played: then its maps say how it went. */
export function decisionWithoutMaps(m: DecisionFacts): DecisionWithoutMaps | null {
  if (m.status !== 'completed' || m.maps.length > 0) {
    return null;
  }
  const winner =
    m.winnerId === null
      ? null
      : m.team1?.id === m.winnerId
        ? 'team1'
        : m.team2?.id === m.winnerId
          ? 'team2'
          : null;
  if (m.displayStatus === 'BYE') {
    return { kind: 'bye', winner };
  }
  if (m.forfeit) {
    return { kind: 'forfeit', winner, absentTeamIds: m.forfeit.teamIds, reason: m.forfeit.reason };
  }
  return { kind: 'decided', winner };
}
