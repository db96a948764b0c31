/**
 * Match recovery (the spec's Recovery section): after a restart of Matchday or of a game server, what
 * to do with a match Matchday has loaded or live, given what its server says over RCON and what the
 * stored event log holds. Pure: the facts in, a decision out; the recovery service acts on it.
 */
import type { MatchStatus } from '../contracts/matches.js';
import type { RecoveryAction } from '../contracts/recovery.js';

/** What the plugin's status convars say (PROTOCOL.md 5.1, 6), or why they could not be read. */
export type ServerReading =
  | { reachable: false; error: string }
  | { reachable: true; status: string | null; match: string | null; nextMatch: string | null };

export interface RecoveryFacts {
  status: Extract<MatchStatus, 'loaded' | 'live'>;
  matchid: number;
  /**
   * The match's slug: the config URL's file name, which the plugin keeps as `<p>_tournament_next_match`
   * of a queued load (MatchZy-Enhanced 1.4.21 src/MatchManagement.cs LoadMatchFromURL; 2.0.0
   * DeriveIdentifierFromUrlOrPath).
   */
  slug: string;
  /** The match's server, read now; null when the match has no server. */
  server: ServerReading | null;
  /** Every map of the series has a result (match-progress `mapsRanOut`). */
  allMapsPlayed: boolean;
  /** A round or a map of the match was recorded. */
  roundsPlayed: boolean;
  /** A `series_end` of this match from its server is in the stored event log. */
  seriesEndStored: boolean;
  /**
   * This run of Matchday sent the match's load moments ago and the server has not fetched the config
   * yet: the load is under way (the allocation rolls it back if it is never confirmed).
   */
  loadInFlight: boolean;
}

export interface RecoveryDecision {
  action: RecoveryAction;
  /** A sentence for the admin: what was found and what happens. */
  reason: string;
  /** Ask the plugin for a match report (it brings players, pause and the current score). */
  requestReport: boolean;
}

/** Plugin statuses of a server playing a match (knife included: the series started). */
const IN_PLAY = new Set(['knife', 'playing', 'live', 'paused', 'halftime']);
/** Statuses of a server holding a set-up match that is not in play (yet, or between maps). */
const SET_UP = new Set(['loading', 'warmup', 'postgame', 'queued']);

const ADMIN_CHOICES = 'Restart the match, or choose the winner.';

export function reconcileMatch(f: RecoveryFacts): RecoveryDecision {
  const decide = (action: RecoveryAction, reason: string, requestReport = false): RecoveryDecision => ({
    action,
    reason,
    requestReport,
  });
  if (f.seriesEndStored) {
    return decide('end_series', 'The series end is in the stored event log; its result is applied.');
  }
  if (f.allMapsPlayed) {
    return decide(
      'end_series',
      'Every map of the series has a result but no series end arrived; maps won, then rounds, then damage decide it.',
    );
  }
  const played = f.status === 'live' || f.roundsPlayed;
  if (f.server === null) {
    return played
      ? decide('needs_attention', `The match is ${f.status} without a server. ${ADMIN_CHOICES}`)
      : decide('requeue', 'The match has no server; it waits for one.');
  }
  if (!f.server.reachable) {
    return decide(
      'unreachable',
      `The server did not answer (${f.server.error}); the match is kept as it is. Run recovery again once the server is back.`,
    );
  }
  const { status, match, nextMatch } = f.server;
  const id = String(f.matchid);
  const says = `the server reports status ${status ?? 'unknown'}, match ${match || 'none'}`;
  if (nextMatch === f.slug) {
    return decide('in_sync', `The match is queued on the server behind the one it finishes (${says}).`);
  }
  if (match === id && status !== null && IN_PLAY.has(status)) {
    return f.status === 'loaded'
      ? decide('mark_live', `The server plays the match (${says}); it is live now.`, true)
      : decide('in_sync', `The server plays the match (${says}); a report is requested.`, true);
  }
  if (match === id && status !== null && SET_UP.has(status)) {
    return decide('in_sync', `The match is set up on the server (${says}); a report is requested.`, true);
  }
  if (match === id && status === 'idle') {
    // The plugin ended this match (finished or ended by hand); a finished series sends its end
    // again from the plugin's retry queue, so nothing is decided here.
    return decide(
      'needs_attention',
      `The server ended the match (${says}) but its series end has not arrived. The plugin resends queued events within minutes; run recovery again then. ${ADMIN_CHOICES}`,
    );
  }
  if (f.loadInFlight && f.status === 'loaded') {
    return decide('in_sync', `The load was sent moments ago and is not confirmed yet (${says}).`);
  }
  // A restarted server (match convar empty), a failed load (error) or another match.
  if (!played) {
    return decide('requeue', `The server no longer has the match (${says}); it waits for a server again.`);
  }
  return decide(
    'needs_attention',
    `The server no longer plays the match (${says}): it was restarted or given another match. ${ADMIN_CHOICES}`,
  );
}
