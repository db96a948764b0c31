import type { RouteTable } from '../../http/route.js';
import { matchResponseSchema, matchSlugParamsSchema } from '../../../shared/contracts/matches.js';
import { stageBodySchema, stageQueueResponseSchema } from '../../../shared/contracts/stage-queue.js';
import type { StageQueueService } from './service.js';

const TAG = 'Stage queue';

export function registerStageQueueRoutes(routes: RouteTable, stage: StageQueueService): void {
  routes.add({
    method: 'put',
    path: '/api/matches/:slug/stage',
    access: 'admin',
    tag: TAG,
    summary:
      'Put a match on stage (or take it off): it then goes only to a server tagged stage and waits for Go',
    params: matchSlugParamsSchema,
    body: stageBodySchema,
    response: matchResponseSchema,
    handler: async ({ params, body }) => ({
      success: true,
      match: await stage.setOnStage(params.slug, body.onStage),
    }),
  });

  routes.add({
    method: 'post',
    path: '/api/matches/:slug/go',
    access: 'signed-in',
    tag: TAG,
    summary:
      "Go: a caster or admin starts a stage match held in warmup (the plugin's css_start); 403 for others",
    params: matchSlugParamsSchema,
    response: matchResponseSchema,
    handler: async ({ params, principal }) => ({
      success: true,
      match: await stage.go(params.slug, principal),
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/stage-queue',
    access: 'public',
    tag: TAG,
    summary: 'The matches on stage in play order, with ETAs',
    response: stageQueueResponseSchema,
    handler: async () => {
      const matches = await stage.queue();
      return { success: true, count: matches.length, matches };
    },
  });
}
