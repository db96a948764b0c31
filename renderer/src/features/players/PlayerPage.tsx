import { Link, useParams } from 'react-router';
import type { RatingHistoryEntry } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';
import { usePlayer, useRatingHistory } from '../../hooks/public-data.js';
import { useT } from '../../i18n/index.js';
import { PlayerStatsSection } from '../stats/PlayerStatsSection.js';
import { formatRating, formatRatingChange } from './rating-format.js';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';

/** The rating over time as a line, oldest left. */
function RatingChart({ history }: { history: readonly RatingHistoryEntry[] }) {
  const t = useT();
  const points = [history[0]!.ratingBefore, ...history.map((h) => h.ratingAfter)];
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const width = 300;
  const height = 80;
  const path = points
    .map((p, i) => `${(i / (points.length - 1)) * width},${height - ((p - min) / span) * (height - 8) - 4}`)
    .join(' ');
  return (
    <svg
      className="rating-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={t('players.page.ratingHistory')}
    >
      <polyline points={path} fill="none" stroke="var(--accent)" strokeWidth="2" />
    </svg>
  );
}

export function PlayerPage() {
  const link = useTournamentLink();
  const { platformId = '' } = useParams();
  const { data: player, error: playerError } = usePlayer(platformId);
  const { data: history, error: historyError } = useRatingHistory(platformId);
  const error = playerError ?? historyError;
  const t = useT();

  if (error) {
    return (
      <main className="page">
        <p className="panel" role="alert">
          {error}
        </p>
      </main>
    );
  }
  if (!player || !history) {
    return (
      <main className="page">
        <Spinner />
      </main>
    );
  }
  return (
    <main className="page">
      <h1>{player.name}</h1>
      <p className="muted">{t('players.page.rating', { rating: formatRating(player.rating) })}</p>
      <PlayerStatsSection platformId={platformId} />
      <section className="panel table-wrap" aria-label={t('players.page.ratingHistory')}>
        <h2>{t('players.page.ratingHistory')}</h2>
        {history.length === 0 ? (
          <p className="muted">{t('players.page.noRatedMatch')}</p>
        ) : (
          <>
            <RatingChart history={history} />
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('players.page.column.match')}</th>
                  <th scope="col">{t('players.page.column.tournament')}</th>
                  <th scope="col">{t('players.page.column.rating')}</th>
                </tr>
              </thead>
              <tbody>
                {[...history].reverse().map((h) => (
                  <tr key={`${h.matchSlug}-${h.createdAt}`}>
                    <td>
                      <Link to={link(`/matches/${encodeURIComponent(h.matchSlug)}`)}>{h.matchLabel}</Link>
                    </td>
                    <td>{h.tournamentName}</td>
                    <td>
                      {formatRating(h.ratingAfter)} ({formatRatingChange(h.ratingAfter - h.ratingBefore)})
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </main>
  );
}
