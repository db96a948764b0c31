import { Spinner } from '../../components/Spinner.js';
import { BracketView } from './BracketView.js';
import { StandingsTable } from './StandingsTable.js';
import { useStandings } from './useStandings.js';
import { useBracket } from '../../hooks/public-data.js';

/** The bracket of every format; round robin and Swiss also show their standings under the rounds. */
export function BracketPage() {
  const { tournament, matches } = useBracket();
  const standings = useStandings();
  if (tournament === undefined) {
    return (
      <main className="page">
        <Spinner label="Loading the bracket…" />
      </main>
    );
  }
  if (tournament === null) {
    return (
      <main className="page">
        <p className="panel muted">There is no tournament yet.</p>
      </main>
    );
  }
  const ofTournament = Object.values(matches).filter((m) => m.tournamentId === tournament.id);
  const table = tournament.type === 'swiss' || tournament.type === 'round_robin';
  return (
    <main className="page page-wide">
      <h1>Bracket</h1>
      <BracketView matches={ofTournament} />
      {table && (
        <section className="panel" aria-label="Standings">
          <h2>Standings</h2>
          {standings.rows === null ? (
            <Spinner />
          ) : (
            <StandingsTable rows={standings.rows} showBuchholz={tournament.type === 'swiss'} />
          )}
        </section>
      )}
    </main>
  );
}
