import { useLayoutEffect, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useMapNames, useMatch, usePublicServer } from '../../hooks/public-data.js';
import { useLanguageParam } from '../../hooks/use-language-param.js';
import { useT } from '../../i18n/index.js';
import { useLiveData } from '../../stores/live.js';
import { overlayParams } from '../../../../shared/domain/display-params.js';
import { Scorebug } from './Scorebug.js';
import './overlay.css';

/** The transparent 1920x1080 stage a streaming tool lays over the game, themed and scaled by the address. */
function OverlayFrame({ children }: { children: ReactNode }) {
  const [search] = useSearchParams();
  const { theme, scale } = overlayParams(search);
  useLanguageParam();
  // The page itself is see-through: the stylesheet clears the background of a page marked as overlay.
  useLayoutEffect(() => {
    document.documentElement.classList.add('overlay-page');
    return () => document.documentElement.classList.remove('overlay-page');
  }, []);
  return (
    <div className="overlay" data-theme={theme} data-testid="overlay">
      <div
        className="overlay-scaled"
        style={{ transform: `scale(${scale})`, ['--overlay-scale' as string]: scale }}
      >
        {children}
      </div>
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <section className="scorebug sbug-notice" aria-label={t('overlay.scoreboard')}>
      {children}
    </section>
  );
}

/** `/overlay/match/:slug`: one match, live. */
export function MatchOverlayPage() {
  const { slug = '' } = useParams();
  useLiveData();
  const { data: match, error } = useMatch(slug);
  const mapNames = useMapNames().data ?? {};
  return (
    <OverlayFrame>
      {match ? (
        <Scorebug match={match} mapNames={mapNames} />
      ) : error ? (
        <Notice>
          <span role="alert">{error}</span>
        </Notice>
      ) : null}
    </OverlayFrame>
  );
}

/** `/overlay/server/:serverId`: whichever match the server holds, else the server's name. */
export function ServerOverlayPage() {
  const { serverId = '' } = useParams();
  const { matches } = useLiveData();
  const held = Object.values(matches).find(
    (m) => m.serverId === serverId && (m.status === 'loaded' || m.status === 'live'),
  );
  // Asked again when the held match changes: a name edited meanwhile shows between matches.
  const server = usePublicServer(serverId, held?.slug);
  const mapNames = useMapNames().data ?? {};
  const t = useT();
  return (
    <OverlayFrame>
      {held ? (
        <Scorebug match={held} mapNames={mapNames} />
      ) : server.data ? (
        <Notice>
          <span className="sbug-server" data-testid="server-name">
            {server.data.name}
          </span>
          <span className="muted">{t('overlay.waitingNextMatch')}</span>
        </Notice>
      ) : server.error ? (
        <Notice>
          <span role="alert">{server.error}</span>
        </Notice>
      ) : null}
    </OverlayFrame>
  );
}
