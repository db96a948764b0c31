import { useEffect, useState } from 'react';
import type { Match } from '../../../shared/contracts/matches.js';
import { aboutWhen } from './time.js';
import { useT } from '../i18n/index.js';

/** How often a shown estimate is counted again: it moves by the minute. */
const TICK_MS = 30_000;

/** "Expected to start: about 12 min" for a match waiting to start; nothing when it has no estimate. */
export function MatchEta({ eta }: { eta: Match['eta'] }) {
  const [now, setNow] = useState(() => Date.now() / 1000);
  const t = useT();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() / 1000), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (eta === null) {
    return null;
  }
  return (
    <span className="muted" data-testid="match-eta">
      {t('components.matchEta.expected', { when: aboutWhen(eta.startsAt, now) })}
    </span>
  );
}
