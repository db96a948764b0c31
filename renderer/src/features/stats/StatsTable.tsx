import { Link } from 'react-router';
import type { StatLineBody } from '../../../../shared/contracts/stats.js';

/** A signed difference as HLTV shows it: +3, -2, 0. */
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** One side's scoreboard, HLTV style: K-D, +/-, ADR, HS%, MVPs per player. */
export function StatsTable({ caption, lines }: { caption: string; lines: readonly StatLineBody[] }) {
  return (
    <div className="table-wrap">
      <table className="stats-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col" title="Kills - deaths">
              K-D
            </th>
            <th scope="col" title="Kills minus deaths">
              +/-
            </th>
            <th scope="col" title="Average damage per round">
              ADR
            </th>
            <th scope="col" title="Headshot kills per 100 kills">
              HS%
            </th>
            <th scope="col" title="Rounds as most valuable player">
              MVPs
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td colSpan={6} className="muted">
                No rounds played yet.
              </td>
            </tr>
          ) : (
            lines.map((l) => (
              <tr key={l.platformId}>
                <th scope="row">
                  <Link to={`/players/${encodeURIComponent(l.platformId)}`}>{l.name}</Link>
                </th>
                <td>
                  {l.kills}-{l.deaths}
                </td>
                <td
                  className={
                    l.kills - l.deaths > 0 ? 'stat-up' : l.kills < l.deaths ? 'stat-down' : undefined
                  }
                >
                  {signed(l.kills - l.deaths)}
                </td>
                <td>{l.adr.toFixed(1)}</td>
                <td>{l.hsPercent}%</td>
                <td>{l.mvps}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
