import type { RouteTable } from '../../http/route.js';
import { hudResponseSchema } from '../../../shared/contracts/hud.js';
import { matchSlugParamsSchema } from '../../../shared/contracts/matches.js';
import { serverParamsSchema } from '../../../shared/contracts/servers.js';
import type { HudService } from './service.js';

const TAG = 'Casters';

export function registerHudRoutes(routes: RouteTable, hud: HudService): void {
  routes.add({
    method: 'get',
    path: '/api/matches/:slug/hud',
    access: 'read',
    tag: TAG,
    summary:
      "The match for a caster's HUD, in Lexogrine HUD Manager's shapes: teams, players with platform ids, veto, series and map scores (the answer is LHM's import body, `match` its match body)",
    params: matchSlugParamsSchema,
    response: hudResponseSchema,
    handler: ({ params }) => hud.ofMatch(params.slug),
  });

  routes.add({
    method: 'get',
    path: '/api/servers/:id/hud',
    access: 'read',
    tag: TAG,
    summary:
      'The match loaded or live on the server, as `/api/matches/{slug}/hud` answers it; 404 while the server holds none',
    params: serverParamsSchema,
    response: hudResponseSchema,
    handler: ({ params }) => hud.ofServer(params.id),
  });
}
