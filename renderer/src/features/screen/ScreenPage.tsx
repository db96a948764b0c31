import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { BracketView } from '../bracket/BracketView.js';
import { MatchCard } from '../bracket/MatchCard.js';
import { StandingsTable } from '../bracket/StandingsTable.js';
import { useStandings } from '../bracket/useStandings.js';
import { isLive } from '../bracket/sections.js';
import { LiveBadge } from '../live/LiveBadge.js';
import { useLiveData } from '../../stores/live.js';

const VIEWS = ['bracket', 'live', 'standings'] as const;
type View = (typeof VIEWS)[number];
const CYCLE_MS = 15_000;

/**
 * Scales the content down (never up) so that it fits the box whatever the bracket's size: a
 * projector cannot scroll.
 */
function useFitToBox() {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const fit = () => {
      if (!box.current || !content.current) {
        return;
      }
      const { clientWidth, clientHeight } = box.current;
      const width = content.current.scrollWidth;
      const height = content.current.scrollHeight;
      setScale(Math.min(1, clientWidth / width, clientHeight / height));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box.current!);
    observer.observe(content.current!);
    return () => observer.disconnect();
  }, []);
  return { box, content, scale };
}

/** `/screen`: the projector. Full screen, large type, no controls; cycles bracket, live matches, standings. */
export function ScreenPage() {
  const { tournament, matches } = useLiveData();
  const standings = useStandings();
  const [index, setIndex] = useState(0);
  const { box, content, scale } = useFitToBox();
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => i + 1), CYCLE_MS);
    return () => clearInterval(timer);
  }, []);

  const all = Object.values(matches);
  const live = all.filter(isLive);
  const ofTournament = tournament ? all.filter((m) => m.tournamentId === tournament.id) : [];
  // Views with nothing to show are skipped.
  const available = VIEWS.filter(
    (v) => v === 'bracket' || (v === 'live' ? live.length > 0 : (standings.rows?.length ?? 0) > 0),
  );
  const view: View = available[index % available.length] ?? 'bracket';

  return (
    <div className="screen" data-view={view}>
      <header className="screen-head">
        <h1>{tournament?.name ?? 'Matchday'}</h1>
        {tournament?.winner && <p className="champion">Champion: {tournament.winner.name}</p>}
        <LiveBadge />
      </header>
      <main className="screen-body" ref={box}>
        <div className="screen-fit" ref={content} style={{ transform: `scale(${scale})` }}>
          {tournament === undefined ? null : tournament === null ? (
            <p className="muted">Waiting for the tournament…</p>
          ) : view === 'bracket' ? (
            <BracketView matches={ofTournament} />
          ) : view === 'live' ? (
            <section aria-label="Live matches">
              <h2>Live now</h2>
              <div className="card-grid">
                {live.map((m) => (
                  <MatchCard key={m.slug} match={m} />
                ))}
              </div>
            </section>
          ) : (
            <section aria-label="Standings">
              <h2>Standings</h2>
              <StandingsTable rows={standings.rows ?? []} showBuchholz={tournament.type === 'swiss'} />
            </section>
          )}
        </div>
      </main>
    </div>
  );
}
