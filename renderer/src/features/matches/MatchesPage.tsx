import { useState } from 'react';
import { Link } from 'react-router';
import type { Match, MatchStatus } from '../../../../shared/contracts/matches.js';
import { playGroup, playOrder, stateInWords } from '../../../../shared/domain/match-order.js';
import { ChooseWinner, decidable } from './ChooseWinner.js';
import { MatchEta } from '../../components/MatchEta.js';
import { Spinner } from '../../components/Spinner.js';
import { useAdminLiveData } from '../../stores/admin-live.js';
import { useLiveData } from '../../stores/live.js';

/** The state filter: every stored state, in the order a match passes through them. */
const STATE_FILTERS: { value: MatchStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All states' },
  { value: 'ready', label: 'Waiting for a server' },
  { value: 'loaded', label: 'Loaded' },
  { value: 'live', label: 'Live' },
  { value: 'needs_decision', label: 'Needs decision' },
  { value: 'pending', label: 'Upcoming (teams or veto pending)' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

/**
 * Deciding a winner ends the series: the team buttons appear only after "Choose winner…", and each
 * asks to be confirmed; on a live row a note says the match on its server ends.
 */
function WinnerAction({ match }: { match: Match }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Choose winner…
      </button>
    );
  }
  return (
    <div>
      {(match.status === 'live' || match.status === 'loaded') && (
        <p className="warn-text" role="note">
          This match is on its server now: choosing a winner ends it there.
        </p>
      )}
      <ChooseWinner match={match} />
      <button type="button" onClick={() => setOpen(false)}>
        Close
      </button>
    </div>
  );
}

/** Every match in play order with its server and its state in words, live; filterable by state. */
export function MatchesPage() {
  const { matches, tournament } = useLiveData();
  const { servers } = useAdminLiveData();
  const [state, setState] = useState<MatchStatus | 'all'>('all');
  const ordered = playOrder(Object.values(matches));
  const queue = ordered.filter((m) => playGroup(m) === 'queue');
  const list = ordered.filter((m) => state === 'all' || m.status === state);
  const serverName = (id: string | null) =>
    id === null ? '—' : (servers?.find((s) => s.id === id)?.name ?? id);
  return (
    <main className="page">
      <h1>Matches</h1>
      <div className="actions">
        <label htmlFor="match-state-filter">State</label>
        <select
          id="match-state-filter"
          value={state}
          onChange={(e) => setState(e.target.value as MatchStatus | 'all')}
        >
          {STATE_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <section className="panel table-wrap">
        {tournament === undefined ? (
          <Spinner label="Loading matches…" />
        ) : list.length === 0 ? (
          <p className="muted">No match here.</p>
        ) : (
          <table aria-label="Matches in play order">
            <thead>
              <tr>
                <th scope="col">Match</th>
                <th scope="col">Teams</th>
                <th scope="col">Server</th>
                <th scope="col">State</th>
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
                  <td>{serverName(m.serverId)}</td>
                  <td>
                    {stateInWords(m, queue.includes(m) ? queue.indexOf(m) : undefined)}
                    {m.eta && (
                      <div>
                        <MatchEta eta={m.eta} />
                      </div>
                    )}
                  </td>
                  <td>
                    {decidable(m) ? (
                      <WinnerAction match={m} />
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
