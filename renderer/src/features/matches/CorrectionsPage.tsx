import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner.js';
import { useCorrections } from '../../hooks/console-data.js';

const time = (at: number) => new Date(at * 1000).toLocaleString();
const score = (r: { team1SeriesScore: number; team2SeriesScore: number }) =>
  `${r.team1SeriesScore}:${r.team2SeriesScore}`;

/** `/admin/corrections`: every result correction of the tournament, newest first (API.md decision 40). */
export function CorrectionsPage() {
  const { data } = useCorrections();
  return (
    <main className="page">
      <div className="page-head">
        <h1>Result corrections</h1>
      </div>
      <section className="panel" aria-label="Corrections">
        {data === undefined ? (
          <Spinner />
        ) : data.length === 0 ? (
          <p className="muted">No result has been corrected.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>When</th>
                <th>Match</th>
                <th>Before</th>
                <th>After</th>
                <th>Repaired</th>
                <th>Reset</th>
                <th>By</th>
                <th>Reason</th>
              </tr>
            </thead>
            <tbody>
              {data.map((c) => (
                <tr key={c.id}>
                  <td>{time(c.at)}</td>
                  <td>
                    <Link to={`/admin/matches/${encodeURIComponent(c.matchSlug)}`}>{c.matchLabel}</Link>
                  </td>
                  <td>
                    {c.before.winnerId ?? 'draw'} {score(c.before)}
                  </td>
                  <td>
                    {c.after.winnerId ?? 'draw'} {score(c.after)}
                  </td>
                  <td>{c.repaired.join(', ') || '–'}</td>
                  <td>
                    {c.reset.join(', ') || '–'}
                    {c.forced && ' (forced)'}
                  </td>
                  <td>{c.by.label ?? c.by.platformId ?? c.by.kind}</td>
                  <td>{c.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
