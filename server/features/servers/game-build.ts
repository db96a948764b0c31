import type { AppContext } from '../../context.js';
import { readGameBuild } from '../../../shared/domain/game-build.js';
import type { ServersRepo } from './repo.js';

/**
 * Reads the game build and version a server reports over RCON (`version`, then `status`) and stores
 * them; a server that cannot be reached, or says no build, keeps what was read last. Works with no
 * internet: the LAN's newest build is what the servers themselves report.
 */
export function createBuildReader(
  ctx: Pick<AppContext, 'logger'>,
  repo: Pick<ServersRepo, 'get' | 'list' | 'patchPluginState'>,
  run: (serverId: string, line: string) => Promise<string>,
  announce: (serverId: string) => void,
) {
  return async function readBuild(id: string): Promise<void> {
    try {
      const build = readGameBuild(await run(id, 'version'), await run(id, 'status'));
      const before = await repo.get(id);
      if (!before) {
        return;
      }
      if (build.buildId === null) {
        ctx.logger.warn({ module: 'servers', server: id }, 'the server did not say its game build');
      } else if (build.buildId !== before.gameBuildId || build.version !== before.gameVersion) {
        await repo.patchPluginState(id, { gameBuildId: build.buildId, gameVersion: build.version });
        ctx.logger.info(
          { module: 'servers', server: id, build: build.buildId, version: build.version },
          'game build read over RCON',
        );
        // Another server's verdict (outdated or not) may change with this build.
        for (const other of await repo.list()) {
          announce(other.id);
        }
      }
    } catch (err) {
      ctx.logger.warn({ module: 'servers', server: id, err }, 'could not read the game build');
    }
  };
}
