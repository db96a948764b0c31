import type { RouteTable } from '../../http/route.js';
import { successSchema } from '../../../shared/contracts/common.js';
import {
  createdWebhookResponseSchema,
  createWebhookSchema,
  deliveriesQuerySchema,
  deliveriesResponseSchema,
  deliveryIdParamsSchema,
  deliveryResponseSchema,
  testWebhookSchema,
  updateWebhookSchema,
  webhookIdParamsSchema,
  webhookResponseSchema,
  webhooksResponseSchema,
} from '../../../shared/contracts/webhooks.js';
import type { WebhooksService } from './service.js';

const TAG = 'Webhooks';

export function registerWebhookRoutes(routes: RouteTable, webhooks: WebhooksService): void {
  routes.add({
    method: 'get',
    path: '/api/webhooks',
    access: 'admin',
    tag: TAG,
    summary: 'List webhook endpoints (secrets are never shown again)',
    response: webhooksResponseSchema,
    handler: async () => {
      const list = await webhooks.list();
      return { success: true, count: list.length, webhooks: list };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/webhooks',
    access: 'admin',
    tag: TAG,
    summary: 'Add a webhook endpoint; the answer shows its signing secret, once',
    status: 201,
    body: createWebhookSchema,
    response: createdWebhookResponseSchema,
    handler: async ({ body }) => ({ success: true, ...(await webhooks.create(body)) }),
  });

  routes.add({
    method: 'get',
    path: '/api/webhooks/:id',
    access: 'admin',
    tag: TAG,
    summary: 'One webhook endpoint',
    params: webhookIdParamsSchema,
    response: webhookResponseSchema,
    handler: async ({ params }) => ({ success: true, webhook: await webhooks.get(params.id) }),
  });

  routes.add({
    method: 'put',
    path: '/api/webhooks/:id',
    access: 'admin',
    tag: TAG,
    summary: 'Change a webhook endpoint (omitted fields stay); turning it on clears its notice',
    params: webhookIdParamsSchema,
    body: updateWebhookSchema,
    response: webhookResponseSchema,
    handler: async ({ params, body }) => ({ success: true, webhook: await webhooks.update(params.id, body) }),
  });

  routes.add({
    method: 'delete',
    path: '/api/webhooks/:id',
    access: 'admin',
    tag: TAG,
    summary: 'Delete a webhook endpoint and its delivery log',
    params: webhookIdParamsSchema,
    response: successSchema,
    handler: async ({ params }) => {
      await webhooks.delete(params.id);
      return { success: true };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/webhooks/:id/deliveries',
    access: 'admin',
    tag: TAG,
    summary: 'Delivery log of an endpoint, newest first: each request, its answers and timing',
    params: webhookIdParamsSchema,
    query: deliveriesQuerySchema,
    response: deliveriesResponseSchema,
    handler: async ({ params, query }) => {
      const deliveries = await webhooks.deliveries(params.id, query.limit);
      return { success: true, count: deliveries.length, deliveries };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/webhooks/deliveries/:deliveryId/resend',
    access: 'admin',
    tag: TAG,
    summary: 'Send a delivery again, with the same event id',
    status: 201,
    params: deliveryIdParamsSchema,
    response: deliveryResponseSchema,
    handler: async ({ params }) => ({ success: true, delivery: await webhooks.resend(params.deliveryId) }),
  });

  routes.add({
    method: 'post',
    path: '/api/webhooks/:id/test',
    access: 'admin',
    tag: TAG,
    summary: 'Send a test event (`test: true`) to this endpoint',
    status: 201,
    body: testWebhookSchema,
    response: deliveryResponseSchema,
    params: webhookIdParamsSchema,
    handler: async ({ params, body }) => ({
      success: true,
      delivery: await webhooks.sendTest(params.id, body?.type ?? 'match.ready'),
    }),
  });
}
