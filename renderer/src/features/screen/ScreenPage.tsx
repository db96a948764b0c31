import { PlannedTimes } from '../../components/PlannedTimes.js';
import { useEffect, useState, type CSSProperties, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { screenParams, SCREEN_PANELS, type ScreenPanel } from '../../../../shared/domain/display-params.js';
import { isLive } from '../bracket/sections.js';
import { useStandings } from '../bracket/useStandings.js';
import { LiveBadge } from '../live/LiveBadge.js';
import { useJoinInfo, useMapNames } from '../../hooks/public-data.js';
import { useLanguageParam } from '../../hooks/use-language-param.js';
import { useT } from '../../i18n/index.js';
import { useLiveData } from '../../stores/live.js';
import { hasStandings, isOnStage, nextMatches, ScreenPanelView } from './ScreenPanels.js';
import { useScreenFit } from './useScreenFit.js';
import { useTournamentCycle } from './useTournamentCycle.js';
import './screen.css';
import { isLoopbackUrl } from '../../../../shared/domain/loopback-url.js';

/**
 * How players join: the address, and the QR code in the corner. The refs let the panel keep clear
 * of them.
 */
function JoinCorner({
  join,
  qr,
  url,
}: {
  join: { qrSvg: string; playersUrl: string };
  qr: RefObject<HTMLElement | null>;
  url: RefObject<HTMLSpanElement | null>;
}) {
  const t = useT();
  if (isLoopbackUrl(join.playersUrl)) {
    // Matchday listens on this machine only: a QR code would take every phone to itself.
    return (
      <aside className="screen-join" aria-label={t('screen.join')}>
        <span className="screen-join-url" role="note" ref={qr}>
          {t('screen.notOnLan')}
        </span>
      </aside>
    );
  }
  return (
    <aside className="screen-join" aria-label={t('screen.join')}>
      <span className="screen-join-url" data-testid="join-url" ref={url}>
        {join.playersUrl}
      </span>
      <img
        ref={qr as RefObject<HTMLImageElement | null>}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(join.qrSvg)}`}
        alt={t('screen.qrOf', { url: join.playersUrl })}
      />
    </aside>
  );
}

/**
 * `/screen`: the projector. Fills the window with nothing to click or scroll; cycles bracket, live
 * matches, standings and next matches (those with nothing to show are skipped), or shows the one
 * `?panel=` pins.
 */
export function ScreenPage() {
  const { tournament, matches, stages } = useLiveData();
  const standings = useStandings();
  const mapNames = useMapNames().data ?? {};
  const [search] = useSearchParams();
  const { pinned, periodSeconds, cycleSeconds } = screenParams(search);
  const [tick, setTick] = useState(0);
  const { data: join } = useJoinInfo();
  const t = useT();
  useLanguageParam();
  useTournamentCycle(cycleSeconds);
  useEffect(() => {
    if (pinned) {
      return;
    }
    const timer = setInterval(() => setTick((i) => i + 1), periodSeconds * 1000);
    return () => clearInterval(timer);
  }, [pinned, periodSeconds]);

  const ofTournament = tournament
    ? Object.values(matches).filter((m) => m.tournamentId === tournament.id)
    : [];
  const shows: Record<ScreenPanel, boolean> = {
    bracket: !!tournament,
    live: Object.values(matches).some(isLive),
    standings: !!tournament && hasStandings(tournament),
    next: nextMatches(ofTournament).length > 0,
    stage: Object.values(matches).some(isOnStage),
  };
  const cycle = SCREEN_PANELS.filter((p) => shows[p]);
  const panel: ScreenPanel = pinned ?? cycle[tick % cycle.length] ?? 'bracket';
  const { body, title, qr, url, content, placement, columns } = useScreenFit(panel, !!join);
  const { scale, left, top } = placement;

  return (
    <div className="screen" data-view={panel}>
      <header className="screen-head">
        <div className="screen-title" ref={title}>
          <h1>{tournament?.name ?? t('common.appName')}</h1>
          <h2>{t(`screen.panel.${panel}`)}</h2>
          {tournament?.winner && (
            <p className="champion">{t('screen.champion', { team: tournament.winner.name })}</p>
          )}
          {tournament && <PlannedTimes tournament={tournament} />}
          <ol className="screen-panels" aria-label={t('screen.panels')}>
            {(pinned ? [pinned] : cycle).map((p) => (
              <li key={p} aria-current={p === panel ? 'true' : undefined}>
                {t(`screen.panel.${p}`)}
              </li>
            ))}
          </ol>
          {/* Last: the badge keeps its width when empty, which would part the title from the panels. */}
          <LiveBadge />
        </div>
        {join && <JoinCorner join={join} qr={qr} url={url} />}
      </header>
      <main className="screen-body" ref={body}>
        <div
          className="screen-fit"
          ref={content}
          style={
            {
              transform: `translate(${left}px, ${top}px) scale(${scale})`,
              '--screen-columns': columns,
            } as CSSProperties
          }
        >
          {tournament !== undefined && (
            <section aria-label={t(`screen.panel.${panel}`)}>
              <ScreenPanelView
                panel={panel}
                data={{
                  tournament,
                  matches: ofTournament,
                  // Live matches of the manual kind are shown too; the bracket and queue are the tournament's.
                  live: Object.values(matches).filter(isLive),
                  stages,
                  standings: standings.rows ?? [],
                  mapNames,
                }}
              />
            </section>
          )}
        </div>
      </main>
    </div>
  );
}
