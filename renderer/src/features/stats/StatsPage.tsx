import { useState } from 'react';
import { Link } from 'react-router';
import type { TournamentStatLine } from '../../../../shared/contracts/stats.js';
import { byKills, type StatSort } from '../../../../shared/domain/player-stats.js';
import { Spinner } from '../../components/Spinner.js';
import { useBracket, useTournamentStats } from '../../hooks/public-data.js';

const SORTABLE: { sort: StatSort; label: string; title: string }[] = [
  { sort: 'kills', label: 'K-D', title: 'Kills - deaths' },
  { sort: 'kd', label: 'K/D', title: 'Kills per death' },
  { sort: 'adr', label: 'ADR', title: 'Average damage per round' },
  { sort: 'hsPercent', label: 'HS%', title: 'Headshot kills per 100 kills' },
  { sort: 'mvps', label: 'MVPs', title: 'Rounds as most valuable player' },
];

const TOP_FRAGGERS = 3;

const playerLink = (l: TournamentStatLine) => (
  <Link to={`/players/${encodeURIComponent(l.platformId)}`}>{l.name}</Link>
);

/** `/stats` (API.md decision 47): the tournament's statistics table, top fraggers and, once over, the MVP. */
export function StatsPage() {
  const [sort, setSort] = useState<StatSort>('kills');
  const { data, error } = useTournamentStats(sort);
  const { matches } = useBracket();
  const teamNames = new Map(
    Object.values(matches).flatMap((m) => [m.team1, m.team2].flatMap((t) => (t ? [[t.id, t.name]] : []))),
  );
  if (error) {
    return (
      <main className="page">
        <p className="panel" role="alert">
          {error}
        </p>
      </main>
    );
  }
  if (!data) {
    return (
      <main className="page">
        <Spinner />
      </main>
    );
  }
  const top = [...data.players].sort(byKills).slice(0, TOP_FRAGGERS);
  const mvp = data.players.find((p) => p.platformId === data.mvp);
  return (
    <main className="page">
      <h1>Statistics</h1>
      {data.players.length === 0 ? (
        <p className="panel muted">No map has been played yet.</p>
      ) : (
        <>
          <section className="card-grid" aria-label="Top fraggers">
            {mvp && (
              <div className="panel stat-card stat-mvp" aria-label="Tournament MVP">
                <p className="muted">Tournament MVP</p>
                <p className="stat-card-name">{playerLink(mvp)}</p>
                <p>
                  {mvp.mvps} MVPs · {mvp.adr.toFixed(1)} ADR
                </p>
              </div>
            )}
            {top.map((p, i) => (
              <div key={p.platformId} className="panel stat-card">
                <p className="muted">Top fragger #{i + 1}</p>
                <p className="stat-card-name">{playerLink(p)}</p>
                <p>
                  {p.kills} kills · {p.adr.toFixed(1)} ADR
                </p>
              </div>
            ))}
          </section>
          <section className="panel table-wrap" aria-label="Player statistics">
            <table className="stats-table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Player</th>
                  <th scope="col">Team</th>
                  <th scope="col">Maps</th>
                  {SORTABLE.map((c) => (
                    <th key={c.sort} scope="col" aria-sort={sort === c.sort ? 'descending' : 'none'}>
                      <button
                        type="button"
                        className="sort-button"
                        title={`${c.title}: sort by it`}
                        onClick={() => setSort(c.sort)}
                      >
                        {c.label}
                        {sort === c.sort && ' ▼'}
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.players.map((p, i) => (
                  <tr key={p.platformId}>
                    <td>{i + 1}</td>
                    <th scope="row">{playerLink(p)}</th>
                    <td>{p.teamId === null ? '' : (teamNames.get(p.teamId) ?? p.teamId)}</td>
                    <td>{p.maps}</td>
                    <td>
                      {p.kills}-{p.deaths}
                    </td>
                    <td>{p.kd.toFixed(2)}</td>
                    <td>{p.adr.toFixed(1)}</td>
                    <td>{p.hsPercent}%</td>
                    <td>{p.mvps}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </main>
  );
}
