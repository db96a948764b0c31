import { tournamentIdParam, withTournament } from '../../api/tournament-choice.js';

/**
 * Where a player goes once signed in: `?next=` when it is a path of this app (never another site),
 * else their page, still on the tournament `?t=` chose (the menu's sign-in link carries it).
 */
export function pathAfterSignIn(params: URLSearchParams): string {
  const next = params.get('next');
  if (next && next.startsWith('/') && !next.startsWith('//')) {
    return next;
  }
  return withTournament('/me', tournamentIdParam(params.get('t')));
}
