import type { AppContext } from '../context.js';
import type { RouteTable } from '../http/route.js';
import { registerAuthRoutes } from './auth/routes.js';
import { createAuthService } from './auth/service.js';
import { registerHealthRoutes } from './health/routes.js';
import { registerMapRoutes } from './maps/routes.js';
import { createMapsService } from './maps/service.js';
import { registerPlayerRoutes } from './players/routes.js';
import { createPlayersService } from './players/service.js';
import { registerPluginEventRoutes } from './plugin-events/routes.js';
import { registerServerRoutes } from './servers/routes.js';
import { createServersService } from './servers/service.js';
import { registerSettingsRoutes } from './settings/routes.js';
import { createSettingsService } from './settings/service.js';
import { registerTeamRoutes } from './teams/routes.js';
import { createTeamsService } from './teams/service.js';

/** The composition root of the features: services built once, routes registered in one place. */
export function createServices(ctx: AppContext) {
  return {
    auth: createAuthService(ctx),
    teams: createTeamsService(ctx),
    players: createPlayersService(ctx),
    servers: createServersService(ctx),
    maps: createMapsService(ctx),
    settings: createSettingsService(ctx),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Start-up work that must run before the first request (first-start defaults). */
export function seedDefaults(services: Services): void {
  services.maps.seedDefaults();
}

export function registerRoutes(routes: RouteTable, ctx: AppContext, services: Services, startedAtMs: number) {
  registerHealthRoutes(routes, ctx.version, startedAtMs);
  registerAuthRoutes(routes, services.auth);
  registerTeamRoutes(routes, services.teams);
  registerPlayerRoutes(routes, services.players);
  registerServerRoutes(routes, services.servers);
  registerMapRoutes(routes, services.maps);
  registerSettingsRoutes(routes, services.settings);
  registerPluginEventRoutes(routes);
}
