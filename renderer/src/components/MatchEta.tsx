import { useNow } from '../hooks/use-now.js';
import type { Match } from '../../../shared/contracts/matches.js';
import type { StartTimeForm } from '../../../shared/domain/start-time-form.js';
import { aboutWhen } from './time.js';
import { useT } from '../i18n/index.js';

/** How often a shown estimate is counted again: it moves by the minute. */
export const ETA_TICK_MS = 30_000;

/**
 * "Expected to start: about 12 min" for a match waiting to start; nothing when it has no estimate. In a
 * list, `form` is the one its column takes.
 */
export function MatchEta({ eta, form }: { eta: Match['eta']; form?: StartTimeForm }) {
  const now = useNow(ETA_TICK_MS);
  const t = useT();
  if (eta === null) {
    return null;
  }
  return (
    <span className="muted" data-testid="match-eta">
      {t('components.matchEta.expected', { when: aboutWhen(eta.startsAt, now, form) })}
    </span>
  );
}
