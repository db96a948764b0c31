import { Link } from 'react-router';
import type { StatLineBody } from '../../../../shared/contracts/stats.js';
import { usePlayerStats } from '../../hooks/public-data.js';

function Figures({ line }: { line: StatLineBody }) {
  return (
    <>
      <td>
        {line.kills}-{line.deaths}
      </td>
      <td>{line.kd.toFixed(2)}</td>
      <td>{line.adr.toFixed(1)}</td>
      <td>{line.hsPercent}%</td>
      <td>{line.mvps}</td>
    </>
  );
}

/** The player page's statistics (API.md decision 47): tournament totals and one line per match. */
export function PlayerStatsSection({ platformId }: { platformId: string }) {
  const { data, error } = usePlayerStats(platformId);
  if (error || !data) {
    return null;
  }
  return (
    <section className="panel table-wrap" aria-label="Statistics">
      <h2>Statistics</h2>
      {data.tournament === null ? (
        <p className="muted">No map played in this tournament yet.</p>
      ) : (
        <table className="stats-table">
          <thead>
            <tr>
              <th scope="col">Match</th>
              <th scope="col">K-D</th>
              <th scope="col">K/D</th>
              <th scope="col">ADR</th>
              <th scope="col">HS%</th>
              <th scope="col">MVPs</th>
            </tr>
          </thead>
          <tbody>
            <tr className="stats-total">
              <th scope="row">Tournament</th>
              <Figures line={data.tournament} />
            </tr>
            {data.matches.map((m) => (
              <tr key={m.slug}>
                <th scope="row">
                  <Link to={`/matches/${encodeURIComponent(m.slug)}`}>{m.label}</Link>
                </th>
                <Figures line={m.line} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
