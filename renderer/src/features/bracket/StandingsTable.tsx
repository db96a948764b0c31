import { Link } from 'react-router';
import { useT } from '../../i18n/index.js';
import { useWithdrawnTeams } from './use-withdrawn.js';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';

export interface StandingRow {
  rank: number;
  id: string;
  name: string;
  wins: number;
  losses: number;
  draws: number;
  buchholz?: number;
  roundDifference: number;
  rating?: number;
  /** Marked as going on to the next stage (a group's table). */
  qualified?: boolean;
  /** Swiss: "2-1", and whether the team advanced, is out or still plays (decision 77). */
  record?: string;
  state?: 'advanced' | 'eliminated' | 'playing';
}

/** Ranks with wins, losses, Buchholz (Swiss) and round difference. */
export function StandingsTable({
  rows,
  showBuchholz,
  linkTo,
  nameHeader,
}: {
  rows: readonly StandingRow[];
  showBuchholz: boolean;
  linkTo?: (id: string) => string;
  /** The name column's header; "Name" when not given. */
  nameHeader?: string;
}) {
  const t = useT();
  const link = useTournamentLink();
  const withdrawn = useWithdrawnTeams();
  if (rows.length === 0) {
    return <p className="muted">{t('bracket.standings.empty')}</p>;
  }
  const showRating = rows.some((r) => r.rating !== undefined);
  // The record column only where a Swiss decides teams by it (a team advanced or out).
  const showRecord = rows.some((r) => r.state === 'advanced' || r.state === 'eliminated');
  return (
    <div className="table-wrap">
      <table className="standings">
        <thead>
          <tr>
            <th scope="col">{t('bracket.standings.rank')}</th>
            <th scope="col">{nameHeader ?? t('bracket.standings.name')}</th>
            {showRecord && (
              <th scope="col" title={t('bracket.standings.recordTitle')}>
                {t('bracket.standings.record')}
              </th>
            )}
            <th scope="col" title={t('bracket.standings.winsTitle')}>
              {t('bracket.standings.wins')}
            </th>
            <th scope="col" title={t('bracket.standings.lossesTitle')}>
              {t('bracket.standings.losses')}
            </th>
            <th scope="col" title={t('bracket.standings.drawsTitle')}>
              {t('bracket.standings.draws')}
            </th>
            {showBuchholz && (
              <th scope="col" title={t('bracket.standings.buchholzTitle')}>
                {t('bracket.standings.buchholz')}
              </th>
            )}
            <th scope="col" title={t('bracket.standings.roundDifferenceTitle')}>
              {t('bracket.standings.roundDifference')}
            </th>
            {showRating && <th scope="col">{t('bracket.standings.rating')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.id}
              className={
                [r.qualified && 'qualified', r.state && `state-${r.state}`].filter(Boolean).join(' ') ||
                undefined
              }
            >
              <td>{r.rank}</td>
              <td>
                {linkTo ? <Link to={link(linkTo(r.id))}>{r.name}</Link> : r.name}
                {showRecord && r.state && r.state !== 'playing' && !r.qualified && (
                  <span className={`tag ${r.state === 'advanced' ? 'tag-ok' : ''}`}>
                    {t(`bracket.standings.state.${r.state}`)}
                  </span>
                )}
                {withdrawn.has(r.id) && (
                  <span className="tag tag-withdrawn" title={t('bracket.withdrawnTitle')}>
                    {t('bracket.withdrawn')}
                  </span>
                )}
                {r.qualified && (
                  <span className="tag tag-ok" title={t('bracket.standings.qualifiedTitle')}>
                    {t('bracket.standings.qualified')}
                  </span>
                )}
              </td>
              {showRecord && <td>{r.record}</td>}
              <td>{r.wins}</td>
              <td>{r.losses}</td>
              <td>{r.draws}</td>
              {showBuchholz && <td>{r.buchholz ?? 0}</td>}
              <td>{r.roundDifference > 0 ? `+${r.roundDifference}` : r.roundDifference}</td>
              {showRating && <td>{r.rating === undefined ? '' : Math.round(r.rating)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
