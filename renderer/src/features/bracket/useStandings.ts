import { useEffect, useState } from 'react';
import { endpoints } from '../../api/endpoints.js';
import { useLive } from '../../stores/live.js';
import type { StandingRow } from './StandingsTable.js';

/**
 * The tournament's standings: Swiss ones come with the live bracket; the others from the leaderboard,
 * fetched again whenever the live store says results changed.
 */
export function useStandings(): { rows: StandingRow[] | null; error: string | null } {
  const tournament = useLive((s) => s.tournament);
  const swiss = useLive((s) => s.swissStandings);
  const version = useLive((s) => s.version);
  const [fetched, setFetched] = useState<StandingRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = tournament?.id;
  const isSwiss = tournament?.type === 'swiss';

  useEffect(() => {
    if (id === undefined || isSwiss) {
      return;
    }
    let current = true;
    endpoints
      .leaderboard(id)
      .then((r) => {
        if (current) {
          setFetched(r.entries.map((e) => ({ ...e, id: e.teamId ?? e.playerId ?? e.name })));
          setError(null);
        }
      })
      .catch((err: Error) => current && setError(err.message));
    return () => {
      current = false;
    };
  }, [id, isSwiss, version]);

  if (tournament === undefined) {
    return { rows: null, error };
  }
  if (tournament === null) {
    return { rows: [], error };
  }
  if (isSwiss) {
    return { rows: swiss.map((s) => ({ ...s, id: s.teamId })), error: null };
  }
  return { rows: fetched, error };
}
