import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import { parsePart } from '../../http/route.js';
import { batchResultSchema, successSchema } from '../../../shared/contracts/common.js';
import {
  createMapSchema,
  gameMapSchema,
  mapParamsSchema,
  mapPoolInputSchema,
  mapPoolParamsSchema,
  mapPoolResponseSchema,
  mapPoolsResponseSchema,
  mapResponseSchema,
  mapsResponseSchema,
  updateMapSchema,
  workshopLookupResponseSchema,
  workshopParamsSchema,
} from '../../../shared/contracts/maps.js';
import { lookUpWorkshopItem } from './workshop.js';
import type { MapsService } from './service.js';

const TAG = 'Maps';

export function registerMapRoutes(routes: RouteTable, maps: MapsService, workshopLookupUrl: string): void {
  routes.add({
    method: 'get',
    path: '/api/maps/workshop/:idOrUrl',
    access: 'admin',
    tag: TAG,
    summary:
      'Title and preview image of a workshop item (id or page URL); 503 OFFLINE when the workshop cannot be reached',
    params: workshopParamsSchema,
    response: workshopLookupResponseSchema,
    handler: async ({ params }) => ({
      success: true,
      item: await lookUpWorkshopItem(workshopLookupUrl, params.idOrUrl),
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/maps',
    access: 'public',
    tag: TAG,
    summary: 'List maps',
    response: mapsResponseSchema,
    handler: async () => {
      const list = await maps.listMaps();
      return { success: true, count: list.length, maps: list };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/maps',
    access: 'admin',
    tag: TAG,
    summary: 'Add a map, or import many from an array (201 all added, 207 some failed)',
    status: 201,
    body: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], {
      error: 'the body must be a map object or an array of map objects',
    }),
    bodyDoc: z.union([createMapSchema, z.array(createMapSchema)]),
    response: z.union([mapResponseSchema, batchResultSchema(gameMapSchema)]),
    handler: async ({ body, res }) => {
      if (Array.isArray(body)) {
        const outcome = await maps.importMaps(body);
        res.status(outcome.status);
        return outcome.body;
      }
      return { success: true, map: await maps.createMap(parsePart(createMapSchema, body, 'body')) };
    },
  });

  routes.add({
    method: 'put',
    path: '/api/maps/:id',
    access: 'admin',
    tag: TAG,
    summary: 'Rename, enable or disable a map',
    params: mapParamsSchema,
    body: updateMapSchema,
    response: mapResponseSchema,
    handler: async ({ params, body }) => ({ success: true, map: await maps.updateMap(params.id, body) }),
  });

  routes.add({
    method: 'delete',
    path: '/api/maps/:id',
    access: 'admin',
    tag: TAG,
    summary: 'Delete a map that is in no pool',
    params: mapParamsSchema,
    response: successSchema,
    handler: async ({ params }) => {
      await maps.deleteMap(params.id);
      return { success: true };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/map-pools',
    access: 'admin',
    tag: TAG,
    summary: 'List map pools (a veto needs exactly 7 maps)',
    response: mapPoolsResponseSchema,
    handler: async () => {
      const pools = await maps.listPools();
      return { success: true, count: pools.length, pools };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/map-pools',
    access: 'admin',
    tag: TAG,
    summary: 'Create a map pool',
    status: 201,
    body: mapPoolInputSchema,
    response: mapPoolResponseSchema,
    handler: async ({ body }) => ({ success: true, pool: await maps.createPool(body) }),
  });

  routes.add({
    method: 'get',
    path: '/api/map-pools/:id',
    access: 'admin',
    tag: TAG,
    summary: 'One map pool',
    params: mapPoolParamsSchema,
    response: mapPoolResponseSchema,
    handler: async ({ params }) => ({ success: true, pool: await maps.getPool(params.id) }),
  });

  routes.add({
    method: 'put',
    path: '/api/map-pools/:id',
    access: 'admin',
    tag: TAG,
    summary: 'Replace a map pool’s name and maps',
    params: mapPoolParamsSchema,
    body: mapPoolInputSchema,
    response: mapPoolResponseSchema,
    handler: async ({ params, body }) => ({ success: true, pool: await maps.updatePool(params.id, body) }),
  });

  routes.add({
    method: 'delete',
    path: '/api/map-pools/:id',
    access: 'admin',
    tag: TAG,
    summary: 'Delete a map pool (not the default one)',
    params: mapPoolParamsSchema,
    response: successSchema,
    handler: async ({ params }) => {
      await maps.deletePool(params.id);
      return { success: true };
    },
  });
}
