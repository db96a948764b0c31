import type { OVERTIME_MODES } from '../../../../shared/contracts/matches.js';
import type {
  GRAND_FINAL_MODES,
  SEEDING_MODES,
  TournamentType,
} from '../../../../shared/contracts/tournament.js';

export const TYPE_LABELS: Record<TournamentType, string> = {
  single_elimination: 'Single elimination',
  double_elimination: 'Double elimination',
  round_robin: 'Round robin',
  swiss: 'Swiss',
  shuffle: 'Shuffle (players drawn into teams)',
  groups_playoffs: 'Groups, then playoffs',
};

/** The spec names one option ("Disabled – no draws (damage tiebreak)"); the others follow its pattern. */
export const OVERTIME_LABELS: Record<(typeof OVERTIME_MODES)[number], string> = {
  enabled: 'Enabled – overtime until a winner',
  disabled_tiebreak: 'Disabled – no draws (damage tiebreak)',
  disabled_draw: 'Disabled – draws allowed',
};

export const GRAND_FINAL_LABELS: Record<(typeof GRAND_FINAL_MODES)[number], string> = {
  simple: 'Simple – one grand final',
  double: 'Double – a reset match if the lower-bracket team wins',
  none: 'None – the bracket winners are not played off',
};

export const SEEDING_LABELS: Record<(typeof SEEDING_MODES)[number], string> = {
  manual: 'Manual – the order below',
  random: 'Random draw',
  rating: 'By rating (players’ average)',
};

export const STATUS_TEXT = { setup: 'Being set up', in_progress: 'Running', completed: 'Completed' } as const;
