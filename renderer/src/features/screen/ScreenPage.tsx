import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { screenParams, SCREEN_PANELS, type ScreenPanel } from '../../../../shared/domain/display-params.js';
import { isLive } from '../bracket/sections.js';
import { useStandings } from '../bracket/useStandings.js';
import { LiveBadge } from '../live/LiveBadge.js';
import { useJoinInfo, useMapNames } from '../../hooks/public-data.js';
import { useFitToBox } from '../../hooks/use-fit-to-box.js';
import { useLanguageParam } from '../../hooks/use-language-param.js';
import { useT } from '../../i18n/index.js';
import { useLiveData } from '../../stores/live.js';
import { hasStandings, nextMatches, ScreenPanelView } from './ScreenPanels.js';

/** How players join, in the corner: the QR code and the address it opens. */
function JoinCorner() {
  const { data: join } = useJoinInfo();
  const t = useT();
  if (!join) {
    return null;
  }
  return (
    <aside className="screen-join" aria-label={t('screen.join')}>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(join.qrSvg)}`}
        alt={t('screen.qrOf', { url: join.playersUrl })}
      />
      <span className="screen-join-url" data-testid="join-url">
        {join.playersUrl}
      </span>
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
  const { pinned, periodSeconds } = screenParams(search);
  const [tick, setTick] = useState(0);
  const { box, content, scale } = useFitToBox();
  const t = useT();
  useLanguageParam();
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
  };
  const cycle = SCREEN_PANELS.filter((p) => shows[p]);
  const panel: ScreenPanel = pinned ?? cycle[tick % cycle.length] ?? 'bracket';

  return (
    <div className="screen" data-view={panel}>
      <header className="screen-head">
        <div className="screen-title">
          <h1>{tournament?.name ?? t('common.appName')}</h1>
          {tournament?.winner && (
            <p className="champion">{t('screen.champion', { team: tournament.winner.name })}</p>
          )}
          <LiveBadge />
          <ol className="screen-panels" aria-label={t('screen.panels')}>
            {(pinned ? [pinned] : cycle).map((p) => (
              <li key={p} aria-current={p === panel ? 'true' : undefined}>
                {t(`screen.panel.${p}`)}
              </li>
            ))}
          </ol>
        </div>
        <JoinCorner />
      </header>
      <main className="screen-body" ref={box}>
        <div className="screen-fit" ref={content} style={{ transform: `scale(${scale})` }}>
          {tournament !== undefined && (
            <section aria-label={t(`screen.panel.${panel}`)}>
              <h2>{t(`screen.panel.${panel}`)}</h2>
              <ScreenPanelView
                panel={panel}
                data={{
                  tournament,
                  // Live matches of the manual kind are shown too; the bracket and queue are the tournament's.
                  matches: panel === 'live' ? Object.values(matches) : ofTournament,
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
