import { Link, useParams } from 'react-router';
import type { Match } from '../../../../shared/contracts/matches.js';
import { JoinCountdown } from '../../components/JoinCountdown.js';
import { MatchEta } from '../../components/MatchEta.js';
import { Spinner } from '../../components/Spinner.js';
import { useMapName, useMatch } from '../../hooks/public-data.js';
import { ConnectForPlayers, Rosters, VetoHistory } from '../bracket/MatchExtras.js';
import { isLive } from '../bracket/sections.js';
import { SpectateBlock } from './SpectateBlock.js';
import { MatchScoreboard } from '../stats/MatchScoreboard.js';
import { useT } from '../../i18n/index.js';
import { formatDateTime } from '../../i18n/format.js';
import { displayStatusText, phaseText } from './status-text.js';
import { useMatchLabel } from '../../hooks/use-match-label.js';
import { decisionWithoutMaps } from '../../../../shared/domain/match-display.js';
import { DecidedScore, DecidedWithoutMaps } from './DecidedWithoutMaps.js';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';
import { AdvantageMapRow } from './AdvantageMap.js';

function TeamName({ match, side }: { match: Match; side: 'team1' | 'team2' }) {
  const link = useTournamentLink();
  const team = match[side];
  const placeholder = side === 'team1' ? match.team1Placeholder : match.team2Placeholder;
  const label = useMatchLabel();
  const t = useT();
  return team ? (
    <Link to={link(`/teams/${encodeURIComponent(team.id)}`)}>{team.name}</Link>
  ) : (
    <span className="muted">{(placeholder && label(placeholder)) ?? t('matches.tbd')}</span>
  );
}

/** Before the first map: the veto to open, or the maps to play. */
function MapsToPlay({ match }: { match: Match }) {
  const t = useT();
  const link = useTournamentLink();
  const mapLabel = useMapName();
  return (
    <p className="muted">
      {match.veto && match.veto.status !== 'completed' ? (
        <>
          {t('matches.page.vetoPending')}{' '}
          <Link to={link(`/veto/${encodeURIComponent(match.slug)}`)}>{t('matches.page.openVeto')}</Link>
        </>
      ) : (
        t('matches.page.toPlay', {
          pool: match.mapPool.map(mapLabel).join(', ') || t('matches.page.notDecided'),
        })
      )}
    </p>
  );
}

/** A match as players follow it: teams, series and map score, phase, maps; live. */
export function MatchPage() {
  const { slug = '' } = useParams();
  const { data: match, error } = useMatch(slug);
  const t = useT();
  const mapLabel = useMapName();
  const label = useMatchLabel();
  if (!match) {
    return (
      <main className="page">
        {error ? (
          <p className="panel" role="alert">
            {error}
          </p>
        ) : (
          <Spinner />
        )}
      </main>
    );
  }
  const live = isLive(match);
  const decision = decisionWithoutMaps(match);
  return (
    <main className="page">
      <p className="muted">
        {label(match.label)} · {match.format} ·{' '}
        <span className={live ? 'live-text' : undefined}>{displayStatusText(match.displayStatus)}</span>
        {match.phase && match.phase !== 'live' && ` · ${phaseText(match.phase)}`}
        {match.eta && (
          <>
            {' · '}
            <MatchEta eta={match.eta} />
          </>
        )}
      </p>
      <JoinCountdown match={match} />
      <section className="panel scoreboard" aria-label={t('matches.page.score')}>
        <div className="sb-team">
          <TeamName match={match} side="team1" />
        </div>
        <div
          className={decision ? 'sb-score sb-decided' : 'sb-score'}
          aria-label={t('matches.page.seriesScore')}
        >
          {decision ? (
            <DecidedScore decision={decision} />
          ) : (
            `${match.team1SeriesScore} : ${match.team2SeriesScore}`
          )}
        </div>
        <div className="sb-team sb-right">
          <TeamName match={match} side="team2" />
        </div>
        {live && match.currentMapNumber !== null && (
          <div className="sb-map" aria-label={t('matches.page.currentMapScore')}>
            {t('matches.page.currentMap', {
              number: match.currentMapNumber + 1,
              team1: match.team1MapScore,
              team2: match.team2MapScore,
            })}
          </div>
        )}
      </section>
      <p className="panel" aria-label={t('matches.page.format')}>
        {t('matches.page.formatLine', {
          count: Number(match.format.slice(2)),
          pool: match.mapPool.map(mapLabel).join(', ') || t('matches.page.poolNone'),
        })}
      </p>
      {match.forfeit && (
        <p className="panel banner-warning">{t(`matches.page.forfeit.${match.forfeit.reason}`)}</p>
      )}
      {match.correctedAt !== null && (
        <p className="panel muted">
          {t('matches.page.corrected', { when: formatDateTime(match.correctedAt) })}
        </p>
      )}
      <ConnectForPlayers match={match} />
      <SpectateBlock match={match} />
      {match.queuePosition !== null && match.status === 'ready' && (
        <p className="panel">{t('matches.page.queue', { position: match.queuePosition })}</p>
      )}
      <section className="panel table-wrap" aria-label={t('matches.page.maps')}>
        <h2>{t('matches.page.maps')}</h2>
        {decision ? (
          <DecidedWithoutMaps match={match} decision={decision} />
        ) : match.maps.length === 0 && !match.mapAdvantage ? (
          <MapsToPlay match={match} />
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('matches.page.map')}</th>
                <th scope="col">{t('matches.page.score')}</th>
                <th scope="col">{t('matches.page.result')}</th>
              </tr>
            </thead>
            <tbody>
              <AdvantageMapRow match={match} />
              {match.maps.map((m) => (
                <tr key={m.number}>
                  <td>{t('matches.page.mapName', { number: m.number + 1, name: mapLabel(m.name) })}</td>
                  <td className="map-score">
                    {m.team1Score} : {m.team2Score}
                  </td>
                  <td>
                    {m.winner === null
                      ? match.currentMapNumber === m.number && live
                        ? t('matches.page.playing')
                        : '—'
                      : t('matches.page.won', { team: match[m.winner]?.name ?? m.winner })}
                    {m.decidedBy === 'damage_tiebreak' && (
                      <span className="tag" title={t('matches.page.tiebreakTitle')}>
                        {t('matches.page.tiebreak')}
                      </span>
                    )}
                    {m.demo?.available && (
                      <>
                        {' '}
                        <a href={m.demo.downloadUrl} download>
                          {t('matches.page.demo')}
                        </a>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {!decision && match.mapAdvantage && match.maps.length === 0 && <MapsToPlay match={match} />}
      </section>
      <MatchScoreboard match={match} />
      <VetoHistory match={match} />
      <Rosters match={match} />
    </main>
  );
}
