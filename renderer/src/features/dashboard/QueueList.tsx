import { Link } from 'react-router';
import type { Match } from '../../../../shared/contracts/matches.js';
import { MatchEta } from '../../components/MatchEta.js';
import { useMatchLabel } from '../../hooks/use-match-label.js';
import { useT } from '../../i18n/index.js';

/** How many upcoming matches the dashboard lists; the matches page has them all. */
const SHOWN = 8;

/** The matches to come, in the order they should start, each with its ETA. */
export function QueueList({ matches }: { matches: readonly Match[] }) {
  const t = useT();
  const label = useMatchLabel();
  const upcoming = matches
    .filter((m) => m.eta !== null && (m.status === 'ready' || m.status === 'pending'))
    .sort((a, b) => a.eta!.startsAt - b.eta!.startsAt || a.slug.localeCompare(b.slug))
    .slice(0, SHOWN);
  if (upcoming.length === 0) {
    return <p className="muted">{t('dashboard.queue.empty')}</p>;
  }
  return (
    <ol className="queue-list" aria-label={t('dashboard.queue.title')}>
      {upcoming.map((m) => (
        <li key={m.slug}>
          <Link to={`/admin/matches/${encodeURIComponent(m.slug)}`}>
            {m.team1?.name ?? m.team1Placeholder ?? t('matches.tbd')} {t('dashboard.tiles.versus')}{' '}
            {m.team2?.name ?? m.team2Placeholder ?? t('matches.tbd')}
          </Link>{' '}
          <span className="muted">
            {label(m.label)} · <MatchEta eta={m.eta} />
          </span>
        </li>
      ))}
    </ol>
  );
}
