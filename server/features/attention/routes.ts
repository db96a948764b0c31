import type { RouteTable } from '../../http/route.js';
import { AppError } from '../../errors.js';
import {
  attentionIdParamsSchema,
  attentionItemResponseSchema,
  attentionListResponseSchema,
  callAdminBodySchema,
} from '../../../shared/contracts/attention.js';
import type { AttentionService } from './service.js';

const TAG = 'Attention';

export function registerAttentionRoutes(routes: RouteTable, attention: AttentionService): void {
  routes.add({
    method: 'get',
    path: '/api/attention',
    access: 'read',
    tag: TAG,
    summary:
      'The attention queue: everything that needs the organiser, oldest first (also on the admin live stream)',
    response: attentionListResponseSchema,
    handler: async () => ({ success: true, items: await attention.list() }),
  });

  routes.add({
    method: 'post',
    path: '/api/attention/:id/ack',
    access: 'admin',
    tag: TAG,
    summary: 'Acknowledge an item (greyed); it leaves by itself once its cause is gone',
    params: attentionIdParamsSchema,
    response: attentionItemResponseSchema,
    handler: async ({ params }) => ({ success: true, item: await attention.acknowledge(params.id) }),
  });

  routes.add({
    method: 'post',
    path: '/api/me/call-admin',
    access: 'signed-in',
    tag: TAG,
    summary:
      'A signed-in player calls an admin with one line (<= 200 characters); one call per 2 minutes, else 429',
    body: callAdminBodySchema,
    response: attentionItemResponseSchema,
    status: 201,
    handler: async ({ principal, body }) => {
      const platformId = principal?.kind === 'session' ? principal.platformId : null;
      if (platformId === null) {
        throw new AppError('FORBIDDEN', 403, 'Sign in as a player to call an admin.');
      }
      return { success: true, item: await attention.callAdmin(platformId, body.message) };
    },
  });
}
