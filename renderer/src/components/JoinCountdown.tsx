import { useNow } from '../hooks/use-now.js';
import type { Match } from '../../../shared/contracts/matches.js';
import { useT } from '../i18n/index.js';

/** "4:05" from seconds: the join clock counts in minutes and seconds. */
function minutesSeconds(seconds: number): string {
  const left = Math.max(0, seconds);
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/**
 * The join clock of a loaded match (API.md decision 59): time left to join and who is there, or that
 * an admin holds the clock; nothing when no clock runs.
 */
export function JoinCountdown({ match }: { match: Match }) {
  const now = useNow();
  const t = useT();
  if (match.status !== 'loaded' || (match.joinDeadline === null && !match.joinHeld)) {
    return null;
  }
  const present = t('components.joinClock.present', {
    team1: match.team1?.name ?? '?',
    team2: match.team2?.name ?? '?',
    present1: match.present.team1,
    present2: match.present.team2,
  });
  if (match.joinHeld) {
    return (
      <p className="join-clock" data-testid="join-clock">
        {t('components.joinClock.held')} · {present}
      </p>
    );
  }
  const left = match.joinDeadline! - now;
  return (
    <p className="join-clock" data-testid="join-clock" role="timer">
      {left > 0
        ? t('components.joinClock.left', { time: minutesSeconds(left) })
        : t('components.joinClock.over')}{' '}
      · {present}
    </p>
  );
}
