import { Link } from 'react-router';
import type { StatLineBody } from '../../../../shared/contracts/stats.js';
import { useT } from '../../i18n/index.js';
import { FigureHeader } from './FigureHeader.js';
import { formatAdr, formatPercent, formatSigned } from './figures.js';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';

/** One side's scoreboard, HLTV style: K-D, +/-, ADR, HS%, MVPs per player. */
export function StatsTable({ caption, lines }: { caption: string; lines: readonly StatLineBody[] }) {
  const t = useT();
  const link = useTournamentLink();
  return (
    <div className="table-wrap">
      <table className="stats-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.column.player')}</th>
            <FigureHeader column="kills" />
            <FigureHeader column="diff" />
            <FigureHeader column="adr" />
            <FigureHeader column="hsPercent" />
            <FigureHeader column="mvps" />
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td colSpan={6} className="muted">
                {t('stats.scoreboard.noRounds')}
              </td>
            </tr>
          ) : (
            lines.map((l) => (
              <tr key={l.platformId}>
                <th scope="row">
                  <Link to={link(`/players/${encodeURIComponent(l.platformId)}`)}>{l.name}</Link>
                </th>
                <td>
                  {l.kills}-{l.deaths}
                </td>
                <td
                  className={
                    l.kills - l.deaths > 0 ? 'stat-up' : l.kills < l.deaths ? 'stat-down' : undefined
                  }
                >
                  {formatSigned(l.kills - l.deaths)}
                </td>
                <td>{formatAdr(l.adr)}</td>
                <td>{formatPercent(l.hsPercent)}</td>
                <td>{l.mvps}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
