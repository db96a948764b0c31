import type { RouteTable } from '../../http/route.js';
import {
  externalIdParamsSchema,
  integrationBatchItemSchema,
  integrationBatchResponseSchema,
  integrationBatchSchema,
  integrationTeamReadSchema,
  integrationTeamResponseSchema,
  integrationTeamSchema,
} from '../../../shared/contracts/integrations.js';
import { z } from 'zod';
import { sourceOf, type IntegrationsService } from './service.js';

const TAG = 'Integrations';

export function registerIntegrationRoutes(routes: RouteTable, integrations: IntegrationsService): void {
  routes.add({
    method: 'put',
    path: '/api/integrations/teams/:externalId',
    access: 'integrator',
    tag: TAG,
    summary: 'Create or replace a team by the website’s own id (201 created, 200 updated or unchanged)',
    params: externalIdParamsSchema,
    body: integrationTeamSchema,
    response: integrationTeamResponseSchema,
    handler: async ({ params, body, principal, res }) => {
      const outcome = await integrations.upsert(sourceOf(principal), params.externalId, body);
      res.status(outcome.result === 'created' ? 201 : 200);
      return { success: true, ...outcome };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/integrations/teams/batch',
    access: 'integrator',
    tag: TAG,
    summary: 'Create or replace many teams; each item applies whole or not at all (207 when some failed)',
    body: integrationBatchSchema,
    bodyDoc: z.object({ teams: z.array(integrationBatchItemSchema).max(500) }),
    response: integrationBatchResponseSchema,
    handler: async ({ body, principal, res }) => {
      const outcome = await integrations.batch(sourceOf(principal), body.teams);
      res.status(outcome.status);
      return outcome.body;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/integrations/teams/:externalId',
    access: 'integrator',
    tag: TAG,
    summary: 'One team read back by the website’s own id',
    params: externalIdParamsSchema,
    response: integrationTeamReadSchema,
    handler: async ({ params, principal }) => ({
      success: true,
      ...(await integrations.get(sourceOf(principal), params.externalId)),
    }),
  });
}
