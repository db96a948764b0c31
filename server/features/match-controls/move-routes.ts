import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import type { Principal } from '../../auth/principal.js';
import { matchSchema, matchSlugParamsSchema } from '../../../shared/contracts/matches.js';
import type { MatchesService } from '../matches/index.js';
import type { MoveAnswer, MoveRequest } from './move.js';

const moveBody = z
  .object({
    serverId: z.string().min(1).max(64).optional(),
    /** Rounds played when the backup was written, as the backups list names it. */
    round: z.number().int().min(0).max(99).optional(),
  })
  .strict()
  .optional();

/** Who moved it, for the log: a token's label or the signed-in admin. */
const actorOf = (principal: Principal | null) =>
  principal === null
    ? 'unknown'
    : principal.kind === 'token'
      ? `token ${principal.label}`
      : `admin ${principal.platformId ?? principal.sessionId.slice(0, 8)}`;

export function registerMoveRoute(
  routes: RouteTable,
  move: (slug: string, request: MoveRequest) => Promise<MoveAnswer>,
  matches: MatchesService,
): void {
  routes.add({
    method: 'post',
    path: '/api/matches/:slug/move',
    access: 'admin',
    tag: 'Match controls',
    summary:
      'Move a loaded or live match to another server (the one given, else the one allocation picks); the current map goes on from the round backup chosen (default: its newest). 409 NO_FREE_SERVER, 422 INVALID_STATE when on no server',
    params: matchSlugParamsSchema,
    body: moveBody,
    response: z.object({
      success: z.literal(true),
      match: matchSchema,
      from: z.string(),
      to: z.string(),
      mapNumber: z.number().int(),
      round: z.number().int().nullable(),
      message: z.string(),
    }),
    handler: async ({ params, body, principal }) => {
      const answer = await move(params.slug, { ...body, actor: actorOf(principal) });
      return { success: true, ...answer, match: await matches.present(answer.match) };
    },
  });
}
