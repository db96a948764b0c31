/**
 * The series-end kick delays of a simulated match (API.md decision 7), set over RCON before its load:
 * 1.4.21 quotes every config cvar and a FakeConVar number refuses a quoted value (sivert-io/MatchZy-
 * Enhanced src/Utility.cs ExecuteChangedConvars; PROTOCOL.md 5.1.1), and on any version a plugin setting
 * keeps the match's value after it (PROTOCOL.md 4.1). So the server's own values are kept in its row
 * and put back once the plugin has read the delays (at series end, or the next load without simulation).
 */
import type { AppContext } from '../../context.js';
import { readConvar } from '../../integrations/plugin/commands.js';
import { pluginName } from '../../integrations/plugin/flavours.js';
import type { ServerRecord, ServersRepo } from './repo.js';

const KINDS = ['no_demo', 'demo_no_upload', 'demo_upload'] as const;

type Saved = Record<string, string>;

export interface KickDelayDeps {
  repo: ServersRepo;
  rcon(server: ServerRecord, line: string): Promise<string>;
}

export function createKickDelays(ctx: Pick<AppContext, 'logger'>, deps: KickDelayDeps) {
  const names = (server: ServerRecord) =>
    KINDS.map((kind) => pluginName(server.flavour, `series_end_kick_delay_${kind}`));

  /** Each delay as the plugin holds it now; a value the plugin does not answer with fails the whole read. */
  async function read(server: ServerRecord): Promise<Saved> {
    const saved: Saved = {};
    for (const name of names(server)) {
      const value = readConvar(await deps.rcon(server, name), name);
      if (value === undefined || !/^\d+$/.test(value)) {
        throw new Error(`${name} answered no number`);
      }
      saved[name] = value;
    }
    return saved;
  }

  return {
    /**
     * Sets every delay to `seconds`. The server's own values are saved first, unless a value saved
     * by an earlier simulated match still waits to be put back (the server holds ours then).
     */
    async override(server: ServerRecord, seconds: number): Promise<void> {
      if (server.kickDelaysSaved === null) {
        await deps.repo.patchPluginState(server.id, { kickDelaysSaved: JSON.stringify(await read(server)) });
      }
      for (const name of names(server)) {
        await deps.rcon(server, `${name} ${seconds}`);
      }
    },

    /** Puts the saved delays back, if any were replaced; then forgets them. */
    async restore(server: ServerRecord): Promise<void> {
      if (server.kickDelaysSaved === null) {
        return;
      }
      const saved = JSON.parse(server.kickDelaysSaved) as Saved;
      for (const [name, value] of Object.entries(saved)) {
        await deps.rcon(server, `${name} ${value}`);
      }
      await deps.repo.patchPluginState(server.id, { kickDelaysSaved: null });
      ctx.logger.info({ module: 'servers', server: server.id }, 'series-end kick delays restored');
    },
  };
}
