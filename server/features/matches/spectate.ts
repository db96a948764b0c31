import { AppError } from '../../errors.js';
import { connectPayload } from '../../../shared/domain/webhook-events.js';
import { readConvar } from '../../integrations/plugin/commands.js';
import { isOff } from '../../integrations/plugin/detection.js';
import { isAdmin, type Principal } from '../../auth/principal.js';
import type { ServersService } from '../servers/index.js';
import type { SettingsService } from '../settings/index.js';
import type { MatchRecord } from './repo.js';

export interface Gotv {
  host: string;
  port: number;
  password: string | null;
}

/**
 * GOTV of a server as its engine convars say over RCON (API.md decision 49): null when GOTV is off,
 * the port is not a port, or the server does not answer.
 */
async function readGotv(servers: ServersService, serverId: string, host: string): Promise<Gotv | null> {
  const read = async (name: string) => readConvar(await servers.run(serverId, name), name);
  try {
    if (isOff(await read('tv_enable'))) {
      return null;
    }
    const port = Number(await read('tv_port'));
    if (!Number.isInteger(port) || port <= 0 || port > 65535) {
      return null;
    }
    const password = (await read('tv_password')) ?? '';
    return { host, port, password: password === '' ? null : password };
  } catch {
    return null;
  }
}

/**
 * How a caster (a session whose platform id is in the settings' casters) or an admin joins a match as
 * spectator: the players' connect object of the webhooks and GOTV; both null until a server has it.
 */
export async function spectate(
  deps: { servers: ServersService; settings: SettingsService },
  match: MatchRecord,
  principal: Principal | null,
) {
  const platformId = principal?.kind === 'session' ? principal.platformId : null;
  const caster = platformId !== null && deps.settings.read().casters.some((c) => c.platformId === platformId);
  if (!isAdmin(principal) && !caster) {
    throw new AppError('FORBIDDEN', 403, 'Only casters (Settings, casters) and admins may spectate a match.');
  }
  if (match.serverId === null || (match.status !== 'loaded' && match.status !== 'live')) {
    return { connect: null, gotv: null };
  }
  const server = await deps.servers.record(match.serverId);
  return {
    connect: connectPayload({ host: server.host, port: server.port, password: server.serverPassword }),
    gotv: await readGotv(deps.servers, server.id, server.host),
  };
}
