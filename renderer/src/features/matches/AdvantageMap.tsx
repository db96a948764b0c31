import type { Match } from '../../../../shared/contracts/matches.js';
import { useT } from '../../i18n/index.js';

/** The team a grand final starts one map up for, by name once known (API.md decision 78). */
function useAdvantageTeam(match: Match): string | null {
  const t = useT();
  if (!match.mapAdvantage) {
    return null;
  }
  return match[match.mapAdvantage]?.name ?? t('matches.page.advantage.upperTeam');
}

/**
 * The advantage map as the first row of the maps table: counted in the series score, never played, so
 * it has no map score, no demo and no player statistics.
 */
export function AdvantageMapRow({ match }: { match: Match }) {
  const t = useT();
  const team = useAdvantageTeam(match);
  if (team === null) {
    return null;
  }
  return (
    <tr className="advantage-map" title={t('matches.page.advantage.title')}>
      <td>
        {t('matches.page.advantage.map')} <span className="tag">{t('matches.page.advantage.unplayed')}</span>
      </td>
      <td className="map-score muted">—</td>
      <td>{t('matches.page.advantage.result', { team })}</td>
    </tr>
  );
}
