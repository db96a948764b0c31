import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { tournamentIdParam, withTournament } from '../api/tournament-choice.js';

/**
 * Links of the public pages that stay on the tournament `?t=` chose (API.md decision 73): without it a
 * visitor on the side cup's bracket would follow the menu to the primary's pages.
 */
export function useTournamentLink(): (to: string) => string {
  const [search] = useSearchParams();
  const id = tournamentIdParam(search.get('t'));
  return useCallback((to: string) => withTournament(to, id), [id]);
}
