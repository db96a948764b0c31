import type { Principal } from '../../auth/principal.js';
import type { RouteTable } from '../../http/route.js';
import { successSchema } from '../../../shared/contracts/common.js';
import {
  createServerSchema,
  serverParamsSchema,
  serverResponseSchema,
  serversResponseSchema,
  updateServerSchema,
  type GameServer,
} from '../../../shared/contracts/servers.js';
import type { ServerRecord, ServersService } from './service.js';

const TAG = 'Servers';

/** The RCON password never leaves the server; the server password only reaches admins (decision 9). */
function present(server: ServerRecord, principal: Principal | null): GameServer {
  const { rconPassword, serverPassword, ...rest } = server;
  return {
    ...rest,
    hasRconPassword: rconPassword.length > 0,
    hasServerPassword: serverPassword.length > 0,
    ...(principal?.role === 'admin' ? { serverPassword } : {}),
  };
}

export function registerServerRoutes(routes: RouteTable, servers: ServersService): void {
  routes.add({
    method: 'get',
    path: '/api/servers',
    access: 'admin',
    tag: TAG,
    summary: 'List game servers (never with the RCON password)',
    response: serversResponseSchema,
    handler: ({ principal }) => {
      const list = servers.list().map((s) => present(s, principal));
      return { success: true, count: list.length, servers: list };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/servers',
    access: 'admin',
    tag: TAG,
    summary: 'Add a game server',
    status: 201,
    body: createServerSchema,
    response: serverResponseSchema,
    handler: ({ body, principal }) => ({ success: true, server: present(servers.create(body), principal) }),
  });

  routes.add({
    method: 'get',
    path: '/api/servers/:id',
    access: 'admin',
    tag: TAG,
    summary: 'One game server',
    params: serverParamsSchema,
    response: serverResponseSchema,
    handler: ({ params, principal }) => ({
      success: true,
      server: present(servers.get(params.id), principal),
    }),
  });

  routes.add({
    method: 'put',
    path: '/api/servers/:id',
    access: 'admin',
    tag: TAG,
    summary: 'Change a game server (omitted fields stay)',
    params: serverParamsSchema,
    body: updateServerSchema,
    response: serverResponseSchema,
    handler: ({ params, body, principal }) => ({
      success: true,
      server: present(servers.update(params.id, body), principal),
    }),
  });

  routes.add({
    method: 'delete',
    path: '/api/servers/:id',
    access: 'admin',
    tag: TAG,
    summary: 'Remove a game server',
    params: serverParamsSchema,
    response: successSchema,
    handler: ({ params }) => {
      servers.delete(params.id);
      return { success: true };
    },
  });

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    routes.add({
      method: 'post',
      path: `/api/servers/:id/${action}`,
      access: 'admin',
      tag: TAG,
      summary: enabled ? 'Allow matches on this server' : 'Keep matches off this server',
      params: serverParamsSchema,
      response: serverResponseSchema,
      handler: ({ params, principal }) => ({
        success: true,
        server: present(servers.setEnabled(params.id, enabled), principal),
      }),
    });
  }
}
