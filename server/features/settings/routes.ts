import type { RouteTable } from '../../http/route.js';
import { settingsPatchSchema, settingsResponseSchema } from '../../../shared/contracts/settings.js';
import type { SettingsService } from './service.js';

const TAG = 'Settings';

export function registerSettingsRoutes(routes: RouteTable, settings: SettingsService): void {
  const answer = () => ({
    success: true,
    settings: settings.read(),
    simulation: settings.policy,
    warnings: settings.warnings(),
    secretsSet: settings.secretsSet(),
  });

  routes.add({
    method: 'get',
    path: '/api/settings',
    access: 'admin',
    tag: TAG,
    summary: 'Install settings, whether simulation is allowed here, and warnings',
    response: settingsResponseSchema,
    handler: answer,
  });

  routes.add({
    method: 'put',
    path: '/api/settings',
    access: 'admin',
    tag: TAG,
    summary:
      'Change settings: any subset, all valid or nothing saved; secrets (admin password, client secrets) are write-only',
    body: settingsPatchSchema,
    response: settingsResponseSchema,
    handler: async ({ body }) => {
      await settings.update(body);
      return answer();
    },
  });
}
