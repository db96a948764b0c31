import { useState } from 'react';
import { Link } from 'react-router';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';
import type { TournamentStatLine } from '../../../../shared/contracts/stats.js';
import { byKills, type StatSort } from '../../../../shared/domain/player-stats.js';
import { Spinner } from '../../components/Spinner.js';
import { useBracket, useTournamentStats } from '../../hooks/public-data.js';
import { useT } from '../../i18n/index.js';
import { ExportLinks } from '../exports/ExportLinks.js';
import { formatAdr, formatKd, formatPercent } from './figures.js';

/** The sortable columns in table order; a sort's header and title are `stats.column.<sort>`. */
const SORTABLE: readonly StatSort[] = ['kills', 'kd', 'adr', 'hsPercent', 'mvps'];

const TOP_FRAGGERS = 3;

function PlayerLink({ line }: { line: TournamentStatLine }) {
  const link = useTournamentLink();
  return <Link to={link(`/players/${encodeURIComponent(line.platformId)}`)}>{line.name}</Link>;
}

/** `/stats` (API.md decision 47): the tournament's statistics table, top fraggers and, once over, the MVP. */
export function StatsPage() {
  const [sort, setSort] = useState<StatSort>('kills');
  const { data, error } = useTournamentStats(sort);
  const { matches, tournament } = useBracket();
  const t = useT();
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
      <h1>{t('stats.page.title')}</h1>
      {data.players.length === 0 ? (
        <p className="panel muted">{t('stats.page.noMapPlayed')}</p>
      ) : (
        <>
          <section className="card-grid" aria-label={t('stats.page.topFraggers')}>
            {mvp && (
              <div className="panel stat-card stat-mvp" aria-label={t('stats.page.tournamentMvp')}>
                <p className="muted">{t('stats.page.tournamentMvp')}</p>
                <p className="stat-card-name">
                  <PlayerLink line={mvp} />
                </p>
                <p>{t('stats.page.mvpLine', { count: mvp.mvps, adr: formatAdr(mvp.adr) })}</p>
              </div>
            )}
            {top.map((p, i) => (
              <div key={p.platformId} className="panel stat-card">
                <p className="muted">{t('stats.page.topFragger', { rank: i + 1 })}</p>
                <p className="stat-card-name">
                  <PlayerLink line={p} />
                </p>
                <p>{t('stats.page.fraggerLine', { count: p.kills, adr: formatAdr(p.adr) })}</p>
              </div>
            ))}
          </section>
          <section className="panel table-wrap" aria-label={t('stats.page.playerStatistics')}>
            <table className="stats-table">
              <thead>
                <tr>
                  <th scope="col">{t('stats.page.rank')}</th>
                  <th scope="col">{t('stats.column.player')}</th>
                  <th scope="col">{t('stats.column.team')}</th>
                  <th scope="col">{t('stats.column.maps')}</th>
                  {SORTABLE.map((column) => (
                    <th key={column} scope="col" aria-sort={sort === column ? 'descending' : 'none'}>
                      <button
                        type="button"
                        className="sort-button"
                        title={t('stats.page.sortBy', { title: t(`stats.column.${column}.title`) })}
                        onClick={() => setSort(column)}
                      >
                        {t(`stats.column.${column}.label`)}
                        {sort === column && ' ▼'}
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.players.map((p, i) => (
                  <tr key={p.platformId}>
                    <td>{i + 1}</td>
                    <th scope="row">
                      <PlayerLink line={p} />
                    </th>
                    <td>{p.teamId === null ? '' : (teamNames.get(p.teamId) ?? p.teamId)}</td>
                    <td>{p.maps}</td>
                    <td>
                      {p.kills}-{p.deaths}
                    </td>
                    <td>{formatKd(p.kd)}</td>
                    <td>{formatAdr(p.adr)}</td>
                    <td>{formatPercent(p.hsPercent)}</td>
                    <td>{p.mvps}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {tournament && <ExportLinks tournamentId={tournament.id} tables={['players']} />}
          </section>
        </>
      )}
    </main>
  );
}
