import type { AppContext } from '../context.js';
import type { RouteTable } from '../http/route.js';
import { registerAuthRoutes } from './auth/routes.js';
import { createAuthService } from './auth/service.js';
import { registerHealthRoutes } from './health/routes.js';
import { registerPluginEventRoutes } from './plugin-events/routes.js';
import { registerTeamRoutes } from './teams/routes.js';
import { createTeamsService } from './teams/service.js';

/** The composition root of the features: services built once, routes registered in one place. */
export function createServices(ctx: AppContext) {
  return {
    auth: createAuthService(ctx),
    teams: createTeamsService(ctx),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Start-up work that must run before the first request (first-start defaults). */
export function seedDefaults(_ctx: AppContext, _services: Services): void {}

export function registerRoutes(routes: RouteTable, ctx: AppContext, services: Services, startedAtMs: number) {
  registerHealthRoutes(routes, ctx.version, startedAtMs);
  registerAuthRoutes(routes, services.auth);
  registerTeamRoutes(routes, services.teams);
  registerPluginEventRoutes(routes);
}
