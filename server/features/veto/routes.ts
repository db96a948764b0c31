import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import { matchResponseSchema, matchSlugParamsSchema } from '../../../shared/contracts/matches.js';
import { vetoActionBodySchema, vetoResponseSchema } from '../../../shared/contracts/veto.js';
import type { MatchesService } from '../matches/index.js';
import type { VetoService } from './service.js';

const TAG = 'Veto';
const params = z.object({ matchSlug: z.string().min(1).max(64) });

export function registerVetoRoutes(routes: RouteTable, veto: VetoService, matches: MatchesService): void {
  routes.add({
    method: 'get',
    path: '/api/veto/:matchSlug',
    access: 'public',
    tag: TAG,
    summary: 'The veto board: pool, whose turn, history with translated action names, the maps to play',
    params,
    response: vetoResponseSchema,
    handler: async ({ params: p }) => ({ success: true, veto: await veto.board(p.matchSlug) }),
  });

  routes.add({
    method: 'post',
    path: '/api/veto/:matchSlug/action',
    access: 'signed-in',
    tag: TAG,
    summary:
      'Ban, pick or choose a side: a signed-in player of the team on turn, or an admin for a team (409 VETO_NOT_YOUR_TURN, VETO_MAP_UNAVAILABLE, VETO_COMPLETE; 403 NOT_ON_ROSTER)',
    params,
    body: vetoActionBodySchema,
    response: vetoResponseSchema,
    handler: async ({ params: p, body, principal }) => ({
      success: true,
      veto: await veto.act(p.matchSlug, principal, body),
    }),
  });

  routes.add({
    method: 'post',
    path: '/api/matches/:slug/skip-veto',
    access: 'admin',
    tag: 'Matches',
    summary: 'Skip the veto: the first maps of the pool are played; the match then waits for a server',
    params: matchSlugParamsSchema,
    response: matchResponseSchema,
    handler: async ({ params: p }) => ({
      success: true,
      match: await matches.present(await veto.skip(p.slug)),
    }),
  });
}
