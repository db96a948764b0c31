import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import { uploadBody } from '../../http/raw-body.js';
import { testMatchRunSchema } from '../../../shared/contracts/test-matches.js';
import type { TestMatchesService } from './service.js';

const TAG = 'Servers';
const matchidParams = z.object({ matchid: z.coerce.number().int().positive() });

/** Registered before the server routes: `/api/servers/:id` would take "test-matches" as an id. */
export function registerTestMatchRoutes(routes: RouteTable, testMatches: TestMatchesService): void {
  routes.add({
    method: 'post',
    path: '/api/servers/test-matches',
    access: 'admin',
    tag: TAG,
    summary:
      'Load a short simulated test match on every free enabled server (403 SIMULATION_NOT_ALLOWED where simulation is off, 409 TEST_MATCHES_RUNNING while a run is under way, 409 NO_FREE_SERVER)',
    response: z.object({ success: z.literal(true), run: testMatchRunSchema }),
    handler: async () => ({ success: true, run: await testMatches.start() }),
  });

  routes.add({
    method: 'get',
    path: '/api/servers/test-matches',
    access: 'admin',
    tag: TAG,
    summary:
      'The last test-match run per server: when its config was fetched, it went live, completed and its demo arrived, or the step that failed and why (null before any run)',
    response: z.object({ success: z.literal(true), run: testMatchRunSchema.nullable() }),
    handler: async () => ({ success: true, run: await testMatches.report() }),
  });

  routes.add({
    method: 'get',
    path: '/api/servers/test-matches/:matchid/config.json',
    access: 'server',
    tag: 'Plugin',
    summary: 'A test match config for the plugin (409 STALE_LOAD once finished or replaced)',
    params: matchidParams,
    response: z.looseObject({ matchid: z.number().int() }),
    handler: ({ params }) => testMatches.config(params.matchid),
  });

  routes.add({
    method: 'post',
    path: '/api/servers/test-matches/:matchid/demo',
    access: 'server',
    tag: 'Plugin',
    summary: 'A test match demo from the plugin: its arrival is noted, its bytes are not kept',
    params: matchidParams,
    rawBody: true,
    response: z.object({ success: z.literal(true) }),
    handler: async ({ req, params }) => {
      await pipeline(uploadBody(req), new Writable({ write: (_chunk, _enc, done) => done() }));
      await testMatches.demoReceived(params.matchid);
      return { success: true as const };
    },
  });
}
