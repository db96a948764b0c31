import { useLeaderboard, useTournament } from '../../hooks/public-data.js';
import { useLive } from '../../stores/live.js';
import type { StandingRow } from './StandingsTable.js';

/**
 * The tournament's standings: Swiss ones come with the live bracket; the others from the leaderboard,
 * loaded again whenever the live store says results changed.
 */
export function useStandings(): { rows: StandingRow[] | null; error: string | null } {
  const tournament = useTournament();
  const swiss = useLive((s) => s.swissStandings);
  const version = useLive((s) => s.version);
  const isSwiss = tournament?.type === 'swiss';
  const leaderboard = useLeaderboard(tournament && !isSwiss ? tournament.id : null, version);

  if (tournament === undefined) {
    return { rows: null, error: leaderboard.error };
  }
  if (tournament === null) {
    return { rows: [], error: leaderboard.error };
  }
  if (isSwiss) {
    return { rows: swiss.map((s) => ({ ...s, id: s.teamId })), error: null };
  }
  const rows = leaderboard.data?.map((e) => ({ ...e, id: e.teamId ?? e.playerId ?? e.name })) ?? null;
  return { rows, error: leaderboard.error };
}
