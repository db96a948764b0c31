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
