import { useState } from 'react';
import type { Match } from '../../../../shared/contracts/matches.js';
import { useMapName, useMatchStats } from '../../hooks/public-data.js';
import { useT } from '../../i18n/index.js';
import { StatsTable } from './StatsTable.js';

/**
 * The match page's scoreboard (API.md decision 47): per map and in total, loaded again with every
 * round the live stream announces. Shows the running map first while one runs, else the total.
 */
export function MatchScoreboard({ match }: { match: Match }) {
  const { data: stats, error } = useMatchStats(match.slug);
  const t = useT();
  const mapLabel = useMapName();
  const [chosen, setChosen] = useState<number | 'total' | null>(null);
  if (error) {
    return (
      <section className="panel" aria-label={t('stats.scoreboard.region')}>
        <h2>{t('stats.scoreboard.title')}</h2>
        <p role="alert">{error}</p>
      </section>
    );
  }
  if (!stats || stats.maps.length === 0) {
    return null;
  }
  const running = stats.maps.find((m) => !m.final && m.number === match.currentMapNumber);
  const view = chosen ?? running?.number ?? 'total';
  const map = view === 'total' ? undefined : stats.maps.find((m) => m.number === view);
  const sides = map ?? stats.total;
  const provisional = map ? !map.final : !stats.final;
  const teamName = (side: 'team1' | 'team2') =>
    match[side]?.name ?? t('stats.scoreboard.team', { number: side === 'team1' ? 1 : 2 });
  return (
    <section className="panel scoreboard-stats" aria-label={t('stats.scoreboard.region')}>
      <h2>
        {t('stats.scoreboard.title')}
        {provisional && (
          <span className="tag" title={t('stats.scoreboard.liveTitle')}>
            {t('stats.scoreboard.live')}
          </span>
        )}
      </h2>
      <div className="stats-tabs" role="group" aria-label={t('stats.scoreboard.mapChoice')}>
        {stats.maps.map((m) => (
          <button
            key={m.number}
            type="button"
            className="button"
            aria-pressed={view === m.number}
            onClick={() => setChosen(m.number)}
          >
            {m.name
              ? t('stats.scoreboard.namedMap', { number: m.number + 1, name: mapLabel(m.name) })
              : t('stats.scoreboard.map', { number: m.number + 1 })}
          </button>
        ))}
        <button
          type="button"
          className="button"
          aria-pressed={view === 'total'}
          onClick={() => setChosen('total')}
        >
          {t('stats.scoreboard.total')}
        </button>
      </div>
      <StatsTable caption={teamName('team1')} lines={sides.team1} />
      <StatsTable caption={teamName('team2')} lines={sides.team2} />
    </section>
  );
}
