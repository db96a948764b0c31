import type { RouteTable } from '../../http/route.js';
import {
  recoveryResponseSchema,
  replayBodySchema,
  replayParamsSchema,
  replayResponseSchema,
} from '../../../shared/contracts/recovery.js';
import type { MatchesService } from '../matches/index.js';
import type { RecoveryService } from './service.js';

const TAG = 'Recovery';

export function registerRecoveryRoutes(
  routes: RouteTable,
  recovery: RecoveryService,
  matches: MatchesService,
  now: () => number,
): void {
  routes.add({
    method: 'post',
    path: '/api/recovery/recover',
    access: 'admin',
    tag: TAG,
    summary:
      'Runs match recovery: every loaded or live match is reconciled with its server (status convars, stored events, a report request); one summary per match',
    response: recoveryResponseSchema,
    handler: async () => {
      const ranAt = now();
      const recovered = await recovery.recover();
      return { success: true, ranAt, count: recovered.length, matches: recovered };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/recovery/replay/:matchSlug',
    access: 'admin',
    tag: TAG,
    summary:
      "Re-applies a match's stored plugin events from the last hour, or since `sinceTimestamp` (Unix seconds); idempotent",
    params: replayParamsSchema,
    body: replayBodySchema,
    response: replayResponseSchema,
    handler: async ({ params, body }) => {
      const summary = await recovery.replay(params.matchSlug, body?.sinceTimestamp);
      return { success: true, ...summary, match: await matches.get(params.matchSlug) };
    },
  });
}
