import { POSTGAME_DEFAULTS, postgameResetSeconds } from '../../../shared/domain/postgame.js';
import { readConvar } from '../../integrations/plugin/commands.js';
import { pluginName } from '../../integrations/plugin/flavours.js';
import type { ServersService } from '../servers/index.js';
import type { SettingsService } from '../settings/index.js';

/** Beyond the plugin's computed postgame, how long a queued load may take to fetch (PROTOCOL.md 6.1). */
export const QUEUED_LOAD_MARGIN_MS = 30_000;

/** The plugin's postgame on a server, read over RCON, which a load queued behind a series waits out. */
export function createPostgameReader(deps: {
  servers: Pick<ServersService, 'record' | 'run' | 'status'>;
  settings: Pick<SettingsService, 'read'>;
}) {
  /** The plugin's postgame on this server (PROTOCOL.md 6.1), from its settings read over RCON. */
  async function postgameMs(serverId: string): Promise<number> {
    const { flavour } = await deps.servers.record(serverId);
    const read = async (name: string, fallback: number) => {
      try {
        const value = Number(readConvar(await deps.servers.run(serverId, name), name));
        return Number.isFinite(value) && value >= 0 ? value : fallback;
      } catch {
        return fallback;
      }
    };
    const kick = (kind: string, fallback: number) =>
      read(pluginName(flavour, `series_end_kick_delay_${kind}`), fallback);
    const d = POSTGAME_DEFAULTS;
    const seconds = postgameResetSeconds({
      tvEnabled: (await read('tv_enable', 1)) !== 0,
      tvDelay: await read('tv_delay', d.tvDelay),
      matchRestartDelay: await read('mp_match_restart_delay', d.matchRestartDelay),
      recording: deps.settings.read().demoRecording,
      // Matchday gives every load a demo upload URL.
      uploading: true,
      kickDelay: {
        noDemo: await kick('no_demo', d.kickDelay.noDemo),
        demoNoUpload: await kick('demo_no_upload', d.kickDelay.demoNoUpload),
        demoUpload: await kick('demo_upload', d.kickDelay.demoUpload),
      },
    });
    return seconds * 1000;
  }

  return {
    postgameMs,

    /** The server says its plugin queued a load behind a postgame that may still run (a gone server: no). */
    async waitsOutPostgame(serverId: string, sentAt: number, now: number): Promise<boolean> {
      try {
        const status = (await deps.servers.status(serverId)).live?.status ?? null;
        return (
          (status === 'queued' || status === 'postgame') &&
          now * 1000 < sentAt * 1000 + (await postgameMs(serverId)) + QUEUED_LOAD_MARGIN_MS
        );
      } catch {
        return false;
      }
    },
  };
}
