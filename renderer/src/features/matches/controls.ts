import type { MatchAction } from '../../../../shared/domain/match-lifecycle.js';

/** What a control asks before it runs. */
export type ControlInput = 'round' | 'seconds' | 'message' | 'server';

/** The actions an admin control performs; each has its words in `matches.controls.action.<action>`. */
export type ControlAction = Extract<
  MatchAction,
  | 'pause'
  | 'unpause'
  | 'end_warmup'
  | 'broadcast'
  | 'add_time'
  | 'restart_round'
  | 'restore_backup'
  | 'swap_teams'
  | 'skip_veto'
  | 'reallocate'
  | 'end_match'
  | 'restart'
  | 'force_cancel'
>;

export interface MatchControl {
  /** The last part of `POST /api/matches/:slug/<path>`. */
  path: string;
  action: ControlAction;
  /** Loses progress or moves the match: asks for a confirmation first. */
  destructive: boolean;
  input?: ControlInput;
  /**
   * The game-server plugin can never do it: `matches.controls.unsupported.<key>` says why, shown instead
   * of the control (the API refuses it with shared/domain/plugin-limits.ts's words).
   */
  unsupported?: 'swapTeams';
}

/** The spec's admin controls, in the order an organiser reaches for them. */
export const MATCH_CONTROLS: readonly MatchControl[] = [
  { path: 'pause', action: 'pause', destructive: false },
  { path: 'unpause', action: 'unpause', destructive: false },
  { path: 'end-warmup', action: 'end_warmup', destructive: false },
  {
    path: 'broadcast',
    action: 'broadcast',
    destructive: false,
    input: 'message',
  },
  { path: 'add-time', action: 'add_time', destructive: false, input: 'seconds' },
  { path: 'restart-round', action: 'restart_round', destructive: true },
  {
    path: 'restore-backup',
    action: 'restore_backup',
    destructive: true,
    input: 'round',
  },
  {
    path: 'swap-teams',
    action: 'swap_teams',
    destructive: true,
    unsupported: 'swapTeams',
  },
  { path: 'skip-veto', action: 'skip_veto', destructive: true },
  {
    path: 'reallocate',
    action: 'reallocate',
    destructive: true,
    input: 'server',
  },
  { path: 'end-match', action: 'end_match', destructive: true },
  { path: 'restart', action: 'restart', destructive: true },
  { path: 'force-cancel', action: 'force_cancel', destructive: true },
];
