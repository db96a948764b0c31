import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import { gameTextSchema } from '../../../shared/contracts/common.js';
import { matchResponseSchema, matchSlugParamsSchema } from '../../../shared/contracts/matches.js';
import type { MatchesService, MatchRecord } from '../matches/index.js';
import { BULK_ACTIONS, type MatchControlsService } from './service.js';
import { actorOf, type Forfeit } from './forfeit.js';

const TAG = 'Match controls';
const empty = z.object({}).strict().optional();
/** Rounds are 1-based, as players count them; round 1 is the start of the map. */
const roundNumber = z.number().int().min(1).max(99);
const roundBody = z.object({ round: roundNumber }).strict();
const secondsBody = z.object({ seconds: z.number().int().min(1).max(600) }).strict();
const messageBody = z.object({ message: gameTextSchema(200) }).strict();
const reallocateBody = z
  .object({ serverId: z.string().min(1).optional() })
  .strict()
  .optional();

const forfeitBody = z.object({ teamId: z.string().min(1).max(64), reason: gameTextSchema(200) }).strict();

const bulkBody = z
  .object({
    serverIds: z.array(z.string().min(1)).min(1).max(64),
    action: z.enum(BULK_ACTIONS),
    message: gameTextSchema(200).optional(),
    seconds: z.number().int().min(1).max(600).optional(),
    round: roundNumber.optional(),
  })
  .strict();

const bulkResponse = z.object({
  success: z.boolean(),
  results: z.array(
    z.object({
      serverId: z.string(),
      ok: z.boolean(),
      matchSlug: z.string().nullable(),
      code: z.string().optional(),
      error: z.string().optional(),
    }),
  ),
});

export function registerMatchControlRoutes(
  routes: RouteTable,
  controls: MatchControlsService,
  matches: MatchesService,
): void {
  const control = <B extends z.ZodType>(
    action: string,
    summary: string,
    body: B,
    run: (slug: string, body: z.infer<B>) => MatchRecord | Promise<MatchRecord>,
  ) =>
    routes.add({
      method: 'post',
      path: `/api/matches/:slug/${action}`,
      access: 'admin',
      tag: TAG,
      summary: `${summary} (422 INVALID_STATE when the match state does not allow it)`,
      params: matchSlugParamsSchema,
      body,
      response: matchResponseSchema,
      handler: async ({ params, body: b }) => ({
        success: true,
        match: await matches.present(await run(params.slug, b)),
      }),
    });

  control('pause', 'Admin pause (players cannot lift it)', empty, (slug) => controls.pause(slug));
  control('unpause', 'Lift an admin pause', empty, (slug) => controls.unpause(slug));
  control(
    'swap-teams',
    'Switch CT and T sides: always refused (422), no plugin version can do it mid-match',
    empty,
    (slug) => controls.swapTeams(slug),
  );
  control('restart-round', 'Restart the current round from its backup (economy reset)', empty, (slug) =>
    controls.restartRound(slug),
  );
  control(
    'restore-backup',
    'Return to the start of a chosen round (1-based, of the current map)',
    roundBody,
    (slug, b) => controls.restoreBackup(slug, b.round),
  );
  control('add-time', 'Add seconds to the round time', secondsBody, (slug, b) =>
    controls.addTime(slug, b.seconds),
  );
  control('broadcast', 'Chat message to all players on the server', messageBody, (slug, b) =>
    controls.broadcast(slug, b.message),
  );
  control('end-warmup', 'Start without waiting for ready', empty, (slug) => controls.endWarmup(slug));
  control('end-match', 'End now and save the current score', empty, (slug) => controls.endMatch(slug));
  control('restart', 'Reload from the start; all progress is lost', empty, (slug) => controls.restart(slug));
  control('reallocate', 'Move a loaded, not yet live match to another server', reallocateBody, (slug, b) =>
    controls.reallocate(slug, b?.serverId),
  );
  control('force-cancel', 'Cancel even if the server is offline; frees the server', empty, (slug) =>
    controls.forceCancel(slug),
  );

  routes.add({
    method: 'post',
    path: '/api/servers/actions',
    access: 'admin',
    tag: 'Servers',
    summary: 'Run one admin action on the matches of several servers at once (207 when some fail)',
    body: bulkBody,
    response: bulkResponse,
    handler: async ({ body, res }) => {
      const results = await controls.runOnServers(body);
      const ok = results.every((r) => r.ok);
      if (!ok) {
        res.status(207);
      }
      return { success: ok, results };
    },
  });
}

/** API.md decision 60: an admin forfeits a match for one of its teams. */
export function registerForfeitRoute(routes: RouteTable, forfeit: Forfeit, matches: MatchesService): void {
  routes.add({
    method: 'post',
    path: '/api/matches/:slug/forfeit',
    access: 'admin',
    tag: TAG,
    summary:
      'Forfeit the match for `teamId`: a walkover for the other team, ended on its server first (422 INVALID_STATE when finished)',
    params: matchSlugParamsSchema,
    body: forfeitBody,
    response: matchResponseSchema,
    handler: async ({ params, body, principal }) => ({
      success: true,
      match: await matches.present(
        await forfeit(params.slug, {
          teamId: body.teamId,
          reason: 'forfeit',
          note: body.reason,
          by: actorOf(principal),
        }),
      ),
    }),
  });
}
