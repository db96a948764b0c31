import type { Principal } from '../../auth/principal.js';
import type { RouteTable } from '../../http/route.js';
import { successSchema } from '../../../shared/contracts/common.js';
import { FLAVOUR_NAMES } from '../../integrations/plugin/flavours.js';
import { BLOCKED_LABELS } from '../../../shared/domain/server-availability.js';
import {
  bootstrapResponseSchema,
  connectionTestResponseSchema,
  connectionTestSchema,
  serverStatusResponseSchema,
  createServerSchema,
  publicServerResponseSchema,
  serverParamsSchema,
  setupBodySchema,
  serverResponseSchema,
  serversResponseSchema,
  updateServerSchema,
  type GameServer,
} from '../../../shared/contracts/servers.js';
import type { ServersService, ServerView } from './service.js';

const TAG = 'Servers';

/**
 * The RCON password and plugin tokens never leave the server; the server password only reaches
 * admins (decision 9).
 */
function present(server: ServerView, principal: Principal | null): GameServer {
  const { availability } = server;
  return {
    id: server.id,
    name: server.name,
    host: server.host,
    port: server.port,
    hasRconPassword: server.rconPassword.length > 0,
    hasServerPassword: server.serverPassword.length > 0,
    ...(principal?.role === 'admin' ? { serverPassword: server.serverPassword } : {}),
    hostnameFormat: server.hostnameFormat,
    gameBuildId: server.gameBuildId,
    gameVersion: server.gameVersion,
    lastSeenAt: server.lastSeenAt,
    enabled: server.enabled,
    flavour: server.flavourSetting,
    trusted: server.trusted,
    tags: server.tags,
    plugin: {
      detected: server.detectedFlavour,
      commandFlavour: server.flavour,
      product: FLAVOUR_NAMES[server.detectedFlavour ?? server.flavour].product,
      version: server.detectedVersion ?? server.pluginVersion,
      hostname: server.reportedHostname,
      status: server.pluginStatus,
      dbOk: server.dbOk,
      dbType: server.dbType,
      dbError: server.dbError,
      updateRequiredVersion: server.updateRequiredVersion,
    },
    setup: {
      sentAt: server.setupAt,
      error: server.setupError,
      waitingForBootstrap: server.waitingForBootstrap,
      bootstrapResends: server.bootstrapResends,
      bootstrappedAt: server.bootstrappedAt,
      configuredAt: server.configuredAt,
    },
    availability: {
      free: availability.free,
      blockedReason: availability.blockedReason,
      blocked: availability.blockedReason && BLOCKED_LABELS[availability.blockedReason],
      busy: availability.busyReason,
      activeMatch: availability.activeMatch,
      warnings: availability.warnings,
    },
    demoHold:
      server.demoHoldUntil === null
        ? null
        : {
            until: server.demoHoldUntil,
            matchSlug: server.demoHoldMatch,
            uploading: server.demoHoldUploading,
          },
    createdAt: server.createdAt,
    updatedAt: server.updatedAt,
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
    handler: async ({ principal }) => {
      const list = (await servers.list()).map((s) => present(s, principal));
      return { success: true, count: list.length, servers: list };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/servers',
    access: 'admin',
    tag: TAG,
    summary:
      'Add a game server and set it up over RCON: detects the plugin and its version, sends the setup, then waits for the plugin to fetch its settings (a failed setup shows on the server as an error)',
    status: 201,
    body: createServerSchema,
    response: serverResponseSchema,
    handler: async ({ body, principal }) => ({
      success: true,
      server: present(await servers.create(body), principal),
    }),
  });

  routes.add({
    method: 'post',
    path: '/api/servers/test-connection',
    access: 'admin',
    tag: TAG,
    summary: 'Try an RCON login to a server that is not saved yet',
    body: connectionTestSchema,
    response: connectionTestResponseSchema,
    handler: async ({ body }) => ({
      success: true,
      ...(await servers.testConnection({ host: body.host, port: body.port, password: body.rconPassword })),
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/servers/:id/bootstrap',
    access: 'bootstrap',
    tag: TAG,
    summary:
      "The plugin's setup commands (its bootstrap token in X-Plugin-Token; an older token is stale: 401)",
    params: serverParamsSchema,
    response: bootstrapResponseSchema,
    handler: async ({ params, req }) => ({
      success: true,
      ...(await servers.bootstrap(params.id, req.pluginServerId, req.headers.host)),
    }),
  });

  routes.add({
    method: 'post',
    path: '/api/servers/:id/setup',
    access: 'admin',
    tag: TAG,
    summary:
      'Send the RCON setup again: detects the plugin, a new bootstrap token, then waits for the plugin to fetch its commands',
    params: serverParamsSchema,
    body: setupBodySchema,
    response: serverResponseSchema,
    handler: async ({ params, body, principal }) => ({
      success: true,
      server: present(await servers.setup(params.id, body?.confirmAddressChange ?? false), principal),
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/servers/:id/status',
    access: 'admin',
    tag: TAG,
    summary: 'Live status read over RCON, and what the plugin last reported',
    params: serverParamsSchema,
    response: serverStatusResponseSchema,
    handler: async ({ params, principal }) => {
      const status = await servers.status(params.id);
      return { success: true, ...status, server: present(status.server, principal) };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/servers/:id/test',
    access: 'admin',
    tag: TAG,
    summary: 'Server test connectivity: RCON login and a test event round trip through the plugin',
    params: serverParamsSchema,
    response: connectionTestResponseSchema,
    handler: async ({ params }) => ({ success: true, ...(await servers.test(params.id)) }),
  });

  routes.add({
    method: 'get',
    path: '/api/servers/:id',
    access: 'admin',
    tag: TAG,
    summary: 'One game server',
    params: serverParamsSchema,
    response: serverResponseSchema,
    handler: async ({ params, principal }) => ({
      success: true,
      server: present(await servers.get(params.id), principal),
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/servers/:id/public',
    access: 'public',
    tag: TAG,
    summary:
      'A server as the stream overlay shows it: its name and the match it holds (loaded or live), no address and no secret',
    params: serverParamsSchema,
    response: publicServerResponseSchema,
    handler: async ({ params }) => {
      const { id, name, availability } = await servers.get(params.id);
      return { success: true, server: { id, name, matchSlug: availability.activeMatch } };
    },
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
    handler: async ({ params, body, principal }) => ({
      success: true,
      server: present(await servers.update(params.id, body), principal),
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
    handler: async ({ params }) => {
      await servers.delete(params.id);
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
      handler: async ({ params, principal }) => ({
        success: true,
        server: present(await servers.setEnabled(params.id, enabled), principal),
      }),
    });
  }
}
