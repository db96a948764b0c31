/**
 * The match lifecycle of the spec (States and transitions, Match lifecycle; Admin controls) as data:
 * every change of a match's status is a row of this table, and `transition` is the only judge of
 * whether an action is allowed in a state. Pure.
 */
import type { MatchFormat, MatchStatus } from '../contracts/matches.js';
import { MAPS_IN_SERIES } from './tournament-rules.js';

/**
 * A stored status, plus `paused`: a live match whose phase is paused (the spec's Paused state is
 * stored as status live, phase paused, because plugin events keep scoring a paused match).
 */
export type LifecycleState = MatchStatus | 'paused';

export const MATCH_ACTIONS = [
  'teams_known',
  'veto_complete',
  'skip_veto',
  'bye',
  'load',
  'load_failed',
  'series_start',
  'go_live',
  'end_warmup',
  'pause',
  'unpause',
  'swap_teams',
  'restart_round',
  'restore_backup',
  'add_time',
  'broadcast',
  'series_end',
  'series_level',
  'end_match',
  'decide_winner',
  'forfeit',
  'reallocate',
  'restart',
  'force_cancel',
  'correct_result',
  'teams_changed',
  'correction_reset',
  'move',
] as const;
export type MatchAction = (typeof MATCH_ACTIONS)[number];

/** One row of the table: in any `from` state, `action` leads to `to` (`same` keeps the state). */
export interface LifecycleRow {
  from: readonly LifecycleState[];
  action: MatchAction;
  to: LifecycleState | 'same';
  /** What sets it off, in the spec's words. */
  trigger: string;
  condition?: string;
  /** What else happens (the spec's "Also" column). */
  also?: string;
}

const ON_SERVER: readonly LifecycleState[] = ['loaded', 'live', 'paused'];
const PLAYING: readonly LifecycleState[] = ['live', 'paused'];
const NOT_OVER: readonly LifecycleState[] = [
  'pending',
  'ready',
  'loaded',
  'live',
  'paused',
  'needs_decision',
];

export const MATCH_LIFECYCLE: readonly LifecycleRow[] = [
  {
    from: ['pending'],
    action: 'teams_known',
    to: 'ready',
    trigger: 'Both teams are known',
    condition: 'No veto',
  },
  {
    from: ['pending'],
    action: 'veto_complete',
    to: 'ready',
    trigger: 'Both teams finish the veto',
    condition: 'Players signed in and on the team rosters',
    also: 'Veto result stored; loaded as soon as a server is free',
  },
  {
    from: ['pending'],
    action: 'skip_veto',
    to: 'ready',
    trigger: 'Admin Skip veto',
    also: 'The first maps of the pool are played; loaded as soon as a server is free',
  },
  { from: ['pending'], action: 'bye', to: 'completed', trigger: 'A bye: the one team goes through' },
  {
    from: ['ready'],
    action: 'load',
    to: 'loaded',
    trigger: 'A server becomes free',
    condition: 'Matches get servers in queue order',
    also: 'No free server: the match waits',
  },
  {
    from: ['loaded'],
    action: 'load_failed',
    to: 'ready',
    trigger: 'The server refuses the load or never fetches the config',
    also: 'Retried on another server',
  },
  {
    from: ['ready', 'loaded'],
    action: 'series_start',
    to: 'loaded',
    trigger: 'The plugin starts the series',
  },
  { from: ['ready', 'loaded'], action: 'go_live', to: 'live', trigger: 'Every player types .ready' },
  { from: ['loaded'], action: 'end_warmup', to: 'live', trigger: 'Admin End warmup' },
  {
    from: ['live'],
    action: 'pause',
    to: 'paused',
    trigger: 'Admin pause',
    also: 'Players cannot unpause it',
  },
  { from: ['paused'], action: 'unpause', to: 'live', trigger: 'Admin unpause' },
  { from: ON_SERVER, action: 'swap_teams', to: 'same', trigger: 'Admin Swap teams' },
  { from: PLAYING, action: 'restart_round', to: 'same', trigger: 'Admin Restart round' },
  { from: PLAYING, action: 'restore_backup', to: 'same', trigger: 'Admin Restore backup' },
  { from: PLAYING, action: 'add_time', to: 'same', trigger: 'Admin Add round time' },
  { from: ON_SERVER, action: 'broadcast', to: 'same', trigger: 'Admin Broadcast message' },
  {
    from: ON_SERVER,
    action: 'series_end',
    to: 'completed',
    trigger: 'Series ends',
    condition: 'A real series end (the between-map postgame report does not end a series)',
    also: 'Result saved, bracket advances, stats and ratings apply, demo uploads',
  },
  {
    from: ON_SERVER,
    action: 'series_level',
    to: 'needs_decision',
    trigger: 'Series ends level in elimination',
    condition: 'Decided by maps won, then rounds, then damage; still level',
    also: 'Server is freed',
  },
  {
    from: PLAYING,
    action: 'end_match',
    to: 'completed',
    trigger: 'Admin End match',
    also: 'Current score saved',
  },
  {
    from: NOT_OVER,
    action: 'decide_winner',
    to: 'completed',
    trigger: 'Admin chooses the winner',
    condition: 'Both teams known',
    also: 'Progression, stats and ratings apply as for a normal end; an assigned server is freed',
  },
  {
    from: NOT_OVER,
    action: 'forfeit',
    to: 'completed',
    trigger: 'Admin Forfeit, a team withdrawn, or a no-show walkover',
    condition: 'Both teams known',
    also: 'A walkover: ended on its server first, no maps, stats or rating change; progression applies',
  },
  { from: ['loaded'], action: 'reallocate', to: 'loaded', trigger: 'Admin Reallocate server' },
  {
    from: ON_SERVER,
    action: 'move',
    to: 'same',
    trigger: 'Admin Move match (API.md decision 55)',
    also: 'Finished maps stay; the current map goes on from its round backup on the new server',
  },
  {
    from: ON_SERVER,
    action: 'restart',
    to: 'loaded',
    trigger: 'Admin Restart match',
    also: 'All progress lost',
  },
  {
    from: ['needs_decision'],
    action: 'restart',
    to: 'ready',
    trigger: 'Admin Restart match',
    also: 'All progress lost; loaded again when a server is free',
  },
  {
    from: ['pending', 'ready'],
    action: 'restart',
    to: 'same',
    trigger: 'Admin Restart match',
    also: 'Anything stored of its maps is dropped; it loads from the start when its turn comes',
  },
  {
    from: NOT_OVER,
    action: 'force_cancel',
    to: 'cancelled',
    trigger: 'Admin Force cancel match',
    condition: 'Works with the server offline',
    also: 'Server is freed',
  },
  {
    from: ['completed'],
    action: 'correct_result',
    to: 'same',
    trigger: 'Admin Correct result',
    also: 'Rating changes redone; downstream matches repaired or reset (API.md decisions 37-39)',
  },
  {
    from: ['pending', 'ready'],
    action: 'teams_changed',
    to: 'pending',
    trigger: 'A corrected result replaces one of its teams',
    condition: 'Not started',
    also: 'Veto back to step 0; queued again once both teams are known',
  },
  {
    from: ['loaded', 'live', 'paused', 'needs_decision', 'completed'],
    action: 'correction_reset',
    to: 'pending',
    trigger: 'A forced correction reaches it',
    also: 'Ended on its server, result, maps and veto cleared, its rating changes undone',
  },
];

/** How actions and states read in an error message ("Cannot pause while the match is completed"). */
export const ACTION_NAMES: Record<MatchAction, string> = {
  teams_known: 'queue it',
  veto_complete: 'finish the veto',
  skip_veto: 'skip the veto',
  bye: 'decide the bye',
  load: 'load it on a server',
  load_failed: 'roll back the load',
  series_start: 'start the series',
  go_live: 'go live',
  end_warmup: 'end the warmup',
  pause: 'pause',
  unpause: 'unpause',
  swap_teams: 'swap teams',
  restart_round: 'restart the round',
  restore_backup: 'restore a backup',
  add_time: 'add round time',
  broadcast: 'broadcast a message',
  series_end: 'end the series',
  series_level: 'wait for an admin decision',
  end_match: 'end the match',
  decide_winner: 'choose the winner',
  forfeit: 'forfeit it',
  reallocate: 'reallocate the server',
  move: 'move it to another server',
  restart: 'restart the match',
  force_cancel: 'force cancel',
  correct_result: 'correct the result',
  teams_changed: 'change its teams',
  correction_reset: 'reset it for a correction',
};

export const STATE_NAMES: Record<LifecycleState, string> = {
  pending: 'pending (veto or teams not done)',
  ready: 'waiting for a server',
  loaded: 'loaded',
  live: 'live',
  paused: 'paused',
  completed: 'completed',
  cancelled: 'cancelled',
  needs_decision: 'waiting for an admin decision',
};

export type TransitionResult =
  | { ok: true; next: LifecycleState; row: LifecycleRow }
  | { ok: false; state: LifecycleState; action: MatchAction; message: string };

/** The state after `action` in `state`, or a refusal naming both. */
export function transition(state: LifecycleState, action: MatchAction): TransitionResult {
  const row = MATCH_LIFECYCLE.find((r) => r.action === action && r.from.includes(state));
  if (!row) {
    return {
      ok: false,
      state,
      action,
      message: `Cannot ${ACTION_NAMES[action]} while the match is ${STATE_NAMES[state]}.`,
    };
  }
  return { ok: true, next: row.to === 'same' ? state : row.to, row };
}

/** Whether `action` is allowed in `state`. */
export const allows = (state: LifecycleState, action: MatchAction) => transition(state, action).ok;

type Phase = 'live' | 'halftime' | 'overtime' | 'paused' | null;

/** The lifecycle state of a stored match. */
export function lifecycleState(m: { status: MatchStatus; phase: Phase }): LifecycleState {
  return m.status === 'live' && m.phase === 'paused' ? 'paused' : m.status;
}

/**
 * A live series between two of its maps: the last map ended (no phase until the next goes live), maps are
 * left to play and nobody has won it; the next map waits in its warmup for readies.
 */
export function waitingForNextMap(m: {
  status: MatchStatus;
  phase: Phase;
  format: MatchFormat;
  team1SeriesScore: number;
  team2SeriesScore: number;
}): boolean {
  const maps = MAPS_IN_SERIES[m.format];
  const needed = Math.floor(maps / 2) + 1;
  return (
    m.status === 'live' &&
    m.phase === null &&
    m.team1SeriesScore < needed &&
    m.team2SeriesScore < needed &&
    m.team1SeriesScore + m.team2SeriesScore < maps
  );
}

/** What a state is stored as: status, and the phase that goes with it. */
export function storedAs(state: LifecycleState, phase: Phase): { status: MatchStatus; phase: Phase } {
  switch (state) {
    case 'paused':
      return { status: 'live', phase: 'paused' };
    case 'live':
      return { status: 'live', phase: phase === 'paused' || phase === null ? 'live' : phase };
    default:
      return { status: state, phase: null };
  }
}
