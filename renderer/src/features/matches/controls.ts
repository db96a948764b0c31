import type { MatchAction } from '../../../../shared/domain/match-lifecycle.js';
import { SWAP_TEAMS_UNSUPPORTED } from '../../../../shared/domain/plugin-limits.js';

/** What a control asks before it runs. */
export type ControlInput = 'round' | 'seconds' | 'message' | 'server';

export interface MatchControl {
  /** The last part of `POST /api/matches/:slug/<path>`. */
  path: string;
  action: MatchAction;
  label: string;
  /** Loses progress or moves the match: asks for a confirmation first. */
  destructive: boolean;
  input?: ControlInput;
  /** Why the game-server plugin can never do it: shown instead of the control. */
  unsupported?: string;
}

/** The spec's admin controls, in the order an organiser reaches for them. */
export const MATCH_CONTROLS: readonly MatchControl[] = [
  { path: 'pause', action: 'pause', label: 'Pause', destructive: false },
  { path: 'unpause', action: 'unpause', label: 'Unpause', destructive: false },
  { path: 'end-warmup', action: 'end_warmup', label: 'End warmup', destructive: false },
  {
    path: 'broadcast',
    action: 'broadcast',
    label: 'Broadcast message',
    destructive: false,
    input: 'message',
  },
  { path: 'add-time', action: 'add_time', label: 'Add round time', destructive: false, input: 'seconds' },
  { path: 'restart-round', action: 'restart_round', label: 'Restart round', destructive: true },
  {
    path: 'restore-backup',
    action: 'restore_backup',
    label: 'Restore to round',
    destructive: true,
    input: 'round',
  },
  {
    path: 'swap-teams',
    action: 'swap_teams',
    label: 'Swap teams',
    destructive: true,
    unsupported: SWAP_TEAMS_UNSUPPORTED,
  },
  { path: 'skip-veto', action: 'skip_veto', label: 'Skip veto', destructive: true },
  {
    path: 'reallocate',
    action: 'reallocate',
    label: 'Reallocate server',
    destructive: true,
    input: 'server',
  },
  { path: 'end-match', action: 'end_match', label: 'End match', destructive: true },
  { path: 'restart', action: 'restart', label: 'Restart match', destructive: true },
  { path: 'force-cancel', action: 'force_cancel', label: 'Force cancel', destructive: true },
];
