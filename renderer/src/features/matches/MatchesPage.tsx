import { useState } from 'react';
import { ChooseWinner, decidable } from './ChooseWinner.js';
import { Link } from 'react-router';
import type { Match } from '../../../../shared/contracts/matches.js';
import { MatchEta } from '../../components/MatchEta.js';
import { Spinner } from '../../components/Spinner.js';
import { useLiveData } from '../../stores/live.js';

const FILTERS = {
  all: { label: 'All', test: () => true },
  attention: { label: 'Needs decision', test: (m: Match) => m.status === 'needs_decision' },
  live: { label: 'Live', test: (m: Match) => m.status === 'live' || m.status === 'loaded' },
  waiting: { label: 'Waiting', test: (m: Match) => m.status === 'pending' || m.status === 'ready' },
  done: { label: 'Completed', test: (m: Match) => m.status === 'completed' || m.status === 'cancelled' },
} as const;
type Filter = keyof typeof FILTERS;

/** Every match with its display label and status, live; a winner can be chosen where the API allows it. */
export function MatchesPage() {
  const { matches, tournament } = useLiveData();
  const [filter, setFilter] = useState<Filter>('all');
  const list = Object.values(matches)
    .filter(FILTERS[filter].test)
    .sort((a, b) => a.round - b.round || a.label.localeCompare(b.label));
  return (
    <main className="page">
      <h1>Matches</h1>
      <div className="actions" role="group" aria-label="Filter matches">
        {(Object.keys(FILTERS) as Filter[]).map((f) => (
          <button
            key={f}
            type="button"
            className={f === filter ? 'primary' : undefined}
            aria-pressed={f === filter}
            onClick={() => setFilter(f)}
          >
            {FILTERS[f].label}
          </button>
        ))}
      </div>
      <section className="panel table-wrap">
        {tournament === undefined ? (
          <Spinner label="Loading matches…" />
        ) : list.length === 0 ? (
          <p className="muted">No match here.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Match</th>
                <th scope="col">Teams</th>
                <th scope="col">Status</th>
                <th scope="col">Winner</th>
              </tr>
            </thead>
            <tbody>
              {list.map((m) => (
                <tr key={m.slug} aria-label={m.label}>
                  <td>
                    <Link to={`/admin/matches/${encodeURIComponent(m.slug)}`}>{m.label}</Link>
                  </td>
                  <td>
                    {m.team1?.name ?? m.team1Placeholder ?? 'TBD'} vs{' '}
                    {m.team2?.name ?? m.team2Placeholder ?? 'TBD'}
                  </td>
                  <td>
                    {m.displayStatus}
                    {m.eta && (
                      <div>
                        <MatchEta eta={m.eta} />
                      </div>
                    )}
                  </td>
                  <td>
                    {decidable(m) ? (
                      <ChooseWinner match={m} />
                    ) : (
                      (m.winnerId && [m.team1, m.team2].find((t) => t?.id === m.winnerId)?.name) || '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
