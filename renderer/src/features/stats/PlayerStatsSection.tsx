import { Link } from 'react-router';
import type { StatLineBody } from '../../../../shared/contracts/stats.js';
import { usePlayerStats } from '../../hooks/public-data.js';
import { useT } from '../../i18n/index.js';
import { FigureHeader } from './FigureHeader.js';
import { formatAdr, formatKd, formatPercent } from './figures.js';
import { matchLabelText } from '../../i18n/match-label.js';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';

function Figures({ line }: { line: StatLineBody }) {
  return (
    <>
      <td>
        {line.kills}-{line.deaths}
      </td>
      <td>{formatKd(line.kd)}</td>
      <td>{formatAdr(line.adr)}</td>
      <td>{formatPercent(line.hsPercent)}</td>
      <td>{line.mvps}</td>
    </>
  );
}

/** The player page's statistics (API.md decision 47): the current tournament's totals and one
 * line per match he ever played (manual and show matches too). */
export function PlayerStatsSection({ platformId }: { platformId: string }) {
  const { data, error } = usePlayerStats(platformId);
  const t = useT();
  const link = useTournamentLink();
  if (error || !data) {
    return null;
  }
  return (
    <section className="panel table-wrap" aria-label={t('stats.player.title')}>
      <h2>{t('stats.player.title')}</h2>
      {data.matches.length === 0 ? (
        <p className="muted">{t('stats.player.noMapPlayed')}</p>
      ) : (
        <table className="stats-table">
          <thead>
            <tr>
              <th scope="col">{t('stats.column.match')}</th>
              <FigureHeader column="kills" />
              <FigureHeader column="kd" />
              <FigureHeader column="adr" />
              <FigureHeader column="hsPercent" />
              <FigureHeader column="mvps" />
            </tr>
          </thead>
          <tbody>
            {data.tournament && (
              <tr className="stats-total">
                <th scope="row">{t('stats.player.tournament')}</th>
                <Figures line={data.tournament} />
              </tr>
            )}
            {data.matches.map((m) => (
              <tr key={m.slug}>
                <th scope="row">
                  <Link to={link(`/matches/${encodeURIComponent(m.slug)}`)}>{matchLabelText(m.label)}</Link>
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
