import { useParams } from 'react-router';
import { MatchEta } from '../../components/MatchEta.js';
import { Spinner } from '../../components/Spinner.js';
import { MatchCard } from '../bracket/MatchCard.js';
import { useBracket } from '../../hooks/public-data.js';
import { useT } from '../../i18n/index.js';

/** A team's current match and its history, from the live match list. */
export function TeamPage() {
  const { teamId = '' } = useParams();
  const { tournament, matches } = useBracket();
  const t = useT();
  const loaded = tournament !== undefined;
  const ofTeam = Object.values(matches)
    .filter((m) => m.team1?.id === teamId || m.team2?.id === teamId)
    .sort((a, b) => (a.completedAt ?? Infinity) - (b.completedAt ?? Infinity) || a.createdAt - b.createdAt);
  const ref = ofTeam.map((m) => (m.team1?.id === teamId ? m.team1 : m.team2)).find(Boolean);
  const current = ofTeam.filter((m) => m.status !== 'completed' && m.status !== 'cancelled');
  const history = ofTeam.filter((m) => m.status === 'completed').reverse();
  const record = history.reduce(
    (acc, m) => (m.winnerId === teamId ? { ...acc, wins: acc.wins + 1 } : { ...acc, losses: acc.losses + 1 }),
    { wins: 0, losses: 0 },
  );

  if (!loaded) {
    return (
      <main className="page">
        <Spinner />
      </main>
    );
  }
  if (!ref) {
    return (
      <main className="page">
        <p className="panel muted">
          {t(tournament === null ? 'bracket.page.noTournament' : 'teams.page.notInTournament', {
            team: teamId,
          })}
        </p>
      </main>
    );
  }
  return (
    <main className="page">
      <h1>{ref.name}</h1>
      {history.length > 0 && (
        <p className="muted">{t('teams.page.record', { wins: record.wins, losses: record.losses })}</p>
      )}
      <section className="panel" aria-label={t('teams.page.currentMatch')}>
        <h2>{t('teams.page.currentMatch')}</h2>
        {current.length === 0 ? (
          <p className="muted">{t('teams.page.noCurrentMatch')}</p>
        ) : (
          <div className="card-grid">
            {current.map((m) => (
              <div key={m.slug}>
                <MatchCard match={m} />
                <MatchEta eta={m.eta} />
              </div>
            ))}
          </div>
        )}
      </section>
      <section className="panel" aria-label={t('teams.page.history')}>
        <h2>{t('teams.page.history')}</h2>
        {history.length === 0 ? (
          <p className="muted">{t('teams.page.noHistory')}</p>
        ) : (
          <div className="card-grid">
            {history.map((m) => (
              <MatchCard key={m.slug} match={m} />
            ))}
          </div>
        )}
      </section>
    </main>
  );
}
