import type { RouteTable } from '../../http/route.js';
import {
  correctionBodySchema,
  correctionResponseSchema,
  correctionsResponseSchema,
} from '../../../shared/contracts/corrections.js';
import { matchSlugParamsSchema } from '../../../shared/contracts/matches.js';
import type { MatchesService } from '../matches/index.js';
import type { TournamentService } from './service.js';

/** Result correction and its log (API.md decisions 37-40). */
export function registerCorrectionRoutes(
  routes: Pick<RouteTable, 'add'>,
  tournament: Pick<TournamentService, 'correction'>,
  matches: Pick<MatchesService, 'present'>,
): void {
  const { correction } = tournament;

  routes.add({
    method: 'post',
    path: '/api/matches/:slug/correction',
    access: 'admin',
    tag: 'Matches',
    summary:
      "Correct a completed match's result: later matches it fed are repaired, or block it (409 CORRECTION_BLOCKED) unless force resets them",
    params: matchSlugParamsSchema,
    body: correctionBodySchema,
    response: correctionResponseSchema,
    handler: async ({ params, body, principal }) => {
      const outcome = await correction.correct(params.slug, body, principal);
      return { success: true, ...outcome, match: await matches.present(outcome.match) };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/matches/:slug/corrections',
    access: 'read',
    tag: 'Matches',
    summary: "A match's result corrections, newest first",
    params: matchSlugParamsSchema,
    response: correctionsResponseSchema,
    handler: async ({ params }) => {
      const list = await correction.ofMatch(params.slug);
      return { success: true, count: list.length, corrections: list };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/tournament/corrections',
    access: 'read',
    tag: 'Tournament',
    summary: "The tournament's result corrections, newest first",
    response: correctionsResponseSchema,
    handler: async () => {
      const list = await correction.ofTournament();
      return { success: true, count: list.length, corrections: list };
    },
  });
}
