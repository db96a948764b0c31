import type { Match, TeamRef } from '../../../../shared/contracts/matches.js';
import { t, useT } from '../../i18n/index.js';
import { displayStatusText, phaseText } from '../matches/status-text.js';
import { mapDisplayName, type MapNames } from '../../../../shared/domain/map-names.js';
import './scorebug.css';
import { matchLabelText, slotText } from '../../i18n/match-label.js';

/** The badge when the match is not being played: the phase only exists while it is. */
function stateOf(match: Match): { key: string; label: string } {
  if (match.status === 'live') {
    const phase = match.phase ?? 'live';
    return { key: phase, label: phaseText(phase) };
  }
  if (match.status === 'loaded') {
    return { key: 'warmup', label: t('overlay.warmup') };
  }
  if (match.status === 'completed') {
    return { key: 'final', label: t('overlay.final') };
  }
  return { key: 'waiting', label: displayStatusText(match.displayStatus) };
}

function Team({
  team,
  placeholder,
  side,
}: {
  team: TeamRef | null;
  placeholder: string | null;
  side: 1 | 2;
}) {
  const t = useT();
  return (
    <div className={`sbug-team sbug-team${side}`} data-testid={`team${side}`}>
      {team?.tag && <span className="sbug-tag">{team.tag}</span>}
      <span className="sbug-name">{team?.name ?? slotText(placeholder) ?? t('common.tbd')}</span>
    </div>
  );
}

/**
 * One match as a stream shows it: teams, maps won, the round score of the map being played, which
 * map it is and the phase.
 */
export function Scorebug({ match, mapNames }: { match: Match; mapNames: MapNames }) {
  const t = useT();
  const state = stateOf(match);
  const number = match.currentMapNumber;
  const mapId = number === null ? null : (match.maps.find((m) => m.number === number)?.name ?? null);
  const mapCount = { bo1: 1, bo3: 3, bo5: 5 }[match.format];
  const playing = match.status === 'live' || match.status === 'loaded';
  return (
    <section className="scorebug" aria-label={t('overlay.scoreboard')} data-state={state.key}>
      <div className="sbug-main">
        <Team team={match.team1} placeholder={match.team1Placeholder} side={1} />
        <span
          className="sbug-series"
          aria-label={t('overlay.mapsWon', { team: match.team1?.name ?? t('overlay.team.team1') })}
        >
          {match.team1SeriesScore}
        </span>
        <div className="sbug-rounds" data-testid="round-score" aria-label={t('overlay.roundScore')}>
          {playing ? `${match.team1MapScore} : ${match.team2MapScore}` : '– : –'}
        </div>
        <span
          className="sbug-series"
          aria-label={t('overlay.mapsWon', { team: match.team2?.name ?? t('overlay.team.team2') })}
        >
          {match.team2SeriesScore}
        </span>
        <Team team={match.team2} placeholder={match.team2Placeholder} side={2} />
      </div>
      <div className="sbug-info">
        <span data-testid="current-map">
          {number === null
            ? matchLabelText(match.label)
            : `${t('overlay.mapOf', { number: number + 1, count: mapCount })}${mapId ? ` · ${mapDisplayName(mapId, mapNames)}` : ''}`}
        </span>
        <span data-testid="series-score">
          {match.format.toUpperCase()} ·{' '}
          {t('overlay.series', { score1: match.team1SeriesScore, score2: match.team2SeriesScore })}
        </span>
        <span className="sbug-phase" data-testid="phase" data-phase={state.key}>
          {state.label}
        </span>
      </div>
    </section>
  );
}
