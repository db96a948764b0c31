import { useEffect, useState } from 'react';
import type { Match } from '../../../shared/contracts/matches.js';
import { aboutWhen } from './time.js';

/** How often a shown estimate is counted again: it moves by the minute. */
const TICK_MS = 30_000;

/** "Expected to start: about 12 min" for a match waiting to start; nothing when it has no estimate. */
export function MatchEta({ eta }: { eta: Match['eta'] }) {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() / 1000), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (eta === null) {
    return null;
  }
  return (
    <span className="muted" data-testid="match-eta">
      Expected to start: {aboutWhen(eta.startsAt, now)}
    </span>
  );
}
