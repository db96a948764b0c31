import { parseEventOutcome, type OutcomeReason } from '../../../shared/domain/event-outcome.js';
import { t } from './index.js';

function reasonText(reason: OutcomeReason): string {
  return reason.kind === 'text'
    ? reason.text
    : t(`tools.monitor.outcome.reason.${reason.kind}`, { ...reason });
}

/**
 * What Matchday did with a game-server event, in the language in use (the server stores it in English);
 * a line of an unknown shape stays as it is. Call it while rendering, as `t`.
 */
export function eventOutcomeText(outcome: string): string {
  const parts = parseEventOutcome(outcome);
  switch (parts.kind) {
    case 'applied':
      return t('tools.monitor.outcome.applied');
    case 'failed':
      return t('tools.monitor.outcome.failed', { error: parts.error });
    case 'text':
      return parts.text;
    default:
      return t(`tools.monitor.outcome.${parts.kind}`, { reason: reasonText(parts.reason) });
  }
}
