import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner.js';
import { MatchCard } from '../bracket/MatchCard.js';
import { isLive } from '../bracket/sections.js';
import { useBracket } from '../../hooks/public-data.js';

const STATUS_TEXT = { setup: 'Getting ready', in_progress: 'In progress', completed: 'Finished' } as const;

export function HomePage() {
  const { tournament, matches } = useBracket();
  const live = Object.values(matches).filter(isLive);
  const attention = Object.values(matches).filter((m) => m.status === 'needs_decision');

  return (
    <main className="page">
      {tournament === undefined ? (
        <Spinner />
      ) : tournament === null ? (
        <section className="panel">
          <h1>Matchday</h1>
          <p className="muted">No tournament yet. This page updates by itself when one is created.</p>
        </section>
      ) : (
        <section className="panel hero">
          <h1>{tournament.name}</h1>
          <p className="muted">
            {STATUS_TEXT[tournament.status]} · {tournament.type.replace('_', ' ')} · {tournament.format}
          </p>
          {tournament.winner && (
            <p className="champion" aria-label="Champion">
              Champion: <strong>{tournament.winner.name}</strong>
            </p>
          )}
          <div className="actions">
            <Link className="button" to="/bracket">
              Bracket
            </Link>
            <Link className="button" to="/standings">
              Standings
            </Link>
            <Link className="button" to="/screen">
              Projector view
            </Link>
          </div>
        </section>
      )}
      <section className="panel" aria-label="Live matches">
        <h2>Live matches</h2>
        {live.length === 0 ? (
          <p className="muted">No match is being played right now.</p>
        ) : (
          <div className="card-grid">
            {live.map((m) => (
              <MatchCard key={m.slug} match={m} />
            ))}
          </div>
        )}
        {attention.length > 0 && (
          <p className="muted">
            {attention.length} match{attention.length === 1 ? '' : 'es'} waiting for an admin decision.
          </p>
        )}
      </section>
      <p className="muted">
        Organisers: <Link to="/admin">admin console</Link> · Scripts and bots:{' '}
        <a href="/api-docs">API reference</a>
      </p>
    </main>
  );
}
