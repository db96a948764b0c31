import type { DisplayStatus, Match, MatchStatus } from '../../../../shared/contracts/matches.js';
import type { RowState } from '../../../../shared/domain/match-order.js';
import { currentLanguage, t } from '../../i18n/index.js';

/** The catalogue key of each of the API's display statuses (`matches.displayStatus.<key>`). */
const DISPLAY_STATUS_KEYS = {
  'Veto pending': 'vetoPending',
  'Waiting for a server': 'waitingForServer',
  'Waiting for pairing': 'waitingForPairing',
  BYE: 'bye',
  'NEEDS ADMIN DECISION': 'needsDecision',
  Loaded: 'loaded',
  Live: 'live',
  Completed: 'completed',
  Cancelled: 'cancelled',
} as const satisfies Record<DisplayStatus, string>;

/** A stored status in words ("Live", "Waiting for a server"); other pages showing a status use it too. */
export const statusText = (status: MatchStatus) => t(`matches.status.${status}`);

/** The API's `displayStatus` in the language in use. */
export const displayStatusText = (status: DisplayStatus) =>
  t(`matches.displayStatus.${DISPLAY_STATUS_KEYS[status]}`);

/** A live match's phase in words. */
export const phaseText = (phase: NonNullable<Match['phase']>) => t(`matches.phase.${phase}`);

/** "2nd" / "2.": an ordinal number by the language's ordinal rules. */
export function ordinalText(n: number): string {
  const category = new Intl.PluralRules(currentLanguage(), { type: 'ordinal' }).select(n);
  const key = category === 'one' || category === 'two' || category === 'few' ? category : 'other';
  return t(`matches.ordinal.${key}`, { n });
}

/** A row's state on the admin match list in words ("Live, halftime", "Waiting for a server (2nd in the queue)"). */
export function rowStateText(state: RowState): string {
  switch (state.kind) {
    case 'livePhase':
      return t('matches.rowState.livePhase', { phase: t(`matches.phaseLower.${state.phase}`) });
    case 'queued':
      return t('matches.rowState.queued', { position: ordinalText(state.position) });
    case 'display':
      return displayStatusText(state.status);
    default:
      return t(`matches.rowState.${state.kind}`);
  }
}
