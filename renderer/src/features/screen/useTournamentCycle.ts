import { useEffect, useRef, useState } from 'react';
import { pinnedTournamentId, showTournament } from '../../api/tournament-choice.js';
import { useTournaments } from '../../hooks/public-data.js';
import { reloadLive } from '../../stores/live.js';

/**
 * `/screen` shows each running tournament in turn, one whole round of its panels each (API.md decision
 * 73); `?t=` pins one, and with one running tournament or none it shows the primary.
 */
export function useTournamentCycle(secondsEach: number): void {
  const { data } = useTournaments();
  const [turn, setTurn] = useState(0);
  const running = (data ?? []).filter((item) => item.status === 'in_progress').map((item) => item.id);
  const cycling = pinnedTournamentId() === null && running.length > 1;

  useEffect(() => {
    if (!cycling) {
      return;
    }
    const timer = setInterval(() => setTurn((i) => i + 1), secondsEach * 1000);
    return () => clearInterval(timer);
  }, [cycling, secondsEach]);

  const shown = cycling ? running[turn % running.length]! : null;
  // The first load (the primary) is the live store's own; every change after it loads anew.
  const first = useRef(true);
  useEffect(() => {
    showTournament(shown);
    if (shown !== null || !first.current) {
      void reloadLive();
    }
    first.current = false;
  }, [shown]);
}
