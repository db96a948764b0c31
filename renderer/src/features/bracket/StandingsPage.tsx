import { Spinner } from '../../components/Spinner.js';
import { useT } from '../../i18n/index.js';
import { StandingsTable } from './StandingsTable.js';
import { useStandings } from './useStandings.js';
import { useTournament } from '../../hooks/public-data.js';
import { ExportLinks } from '../exports/ExportLinks.js';

/** `/standings` and `/leaderboard`: the ranking of the tournament, live. */
export function StandingsPage({ kind }: { kind: 'standings' | 'leaderboard' }) {
  const t = useT();
  const tournament = useTournament();
  const { rows, error } = useStandings();
  const shuffle = tournament?.type === 'shuffle';
  return (
    <main className="page">
      <h1>{t(`bracket.standings.title.${kind}`)}</h1>
      <section className="panel">
        {error && <p role="alert">{error}</p>}
        {rows === null ? (
          <Spinner />
        ) : (
          <StandingsTable
            rows={rows}
            showBuchholz={tournament?.type === 'swiss'}
            linkTo={(id) => (shuffle ? `/players/${id}` : `/teams/${encodeURIComponent(id)}`)}
          />
        )}
        {tournament && tournament.status !== 'setup' && (
          <ExportLinks tournamentId={tournament.id} tables={['standings', 'results']} />
        )}
      </section>
    </main>
  );
}
