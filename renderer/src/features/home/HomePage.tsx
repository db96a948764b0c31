import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner.js';
import { MatchCard } from '../bracket/MatchCard.js';
import { isLive } from '../bracket/sections.js';
import { useBracket } from '../../hooks/public-data.js';
import { useT } from '../../i18n/index.js';
import { RunningTournaments } from './RunningTournaments.js';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';

export function HomePage() {
  const { tournament, matches } = useBracket();
  const t = useT();
  const link = useTournamentLink();
  const live = Object.values(matches).filter(isLive);
  const attention = Object.values(matches).filter((m) => m.status === 'needs_decision');

  return (
    <main className="page">
      {tournament === undefined ? (
        <Spinner />
      ) : tournament === null ? (
        <section className="panel">
          <h1>{t('common.appName')}</h1>
          <p className="muted">{t('home.noTournament')}</p>
        </section>
      ) : (
        <section className="panel hero">
          <h1>{tournament.name}</h1>
          <p className="muted">
            {t(`home.status.${tournament.status}`)} · {t(`home.type.${tournament.type}`)} ·{' '}
            {tournament.format}
          </p>
          {tournament.winner && (
            <p className="champion" aria-label={t('home.champion')}>
              {t('home.champion')}: <strong>{tournament.winner.name}</strong>
            </p>
          )}
          <div className="actions">
            <Link className="button" to={link('/bracket')}>
              {t('home.links.bracket')}
            </Link>
            <Link className="button" to={link('/standings')}>
              {t('home.links.standings')}
            </Link>
            <Link className="button" to={link('/screen')}>
              {t('home.links.screen')}
            </Link>
          </div>
        </section>
      )}
      <RunningTournaments />
      <section className="panel" aria-label={t('home.live.title')}>
        <h2>{t('home.live.title')}</h2>
        {live.length === 0 ? (
          <p className="muted">{t('home.live.none')}</p>
        ) : (
          <div className="card-grid">
            {live.map((m) => (
              <MatchCard key={m.slug} match={m} />
            ))}
          </div>
        )}
        {attention.length > 0 && (
          <p className="muted">{t('home.live.needsDecision', { count: attention.length })}</p>
        )}
      </section>
      <p className="muted">
        {t('home.footer.organisers')} <Link to="/admin">{t('home.footer.adminConsole')}</Link> ·{' '}
        {t('home.footer.scripts')} <a href="/api-docs">{t('home.footer.apiReference')}</a>
      </p>
    </main>
  );
}
