import fs from 'node:fs';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { DemosService } from '../demos/index.js';
import type { MatchControlsService } from '../match-controls/index.js';
import type { ServersService } from '../servers/index.js';
import { simulationPolicy } from '../settings/index.js';
import type { TournamentService } from '../tournament/index.js';

export interface DevToolsDeps {
  tournament: Pick<TournamentService, 'clearAllMatches'>;
  matchControls: Pick<MatchControlsService, 'stopOnServer'>;
  servers: Pick<ServersService, 'list' | 'releaseHold'>;
  demos: Pick<DemosService, 'filesOf'>;
}

/** The spec's Dev Tools: only where simulation is allowed (a local build, or production opted in). */
export function createDevToolsService(ctx: AppContext, deps: DevToolsDeps) {
  const matches = ctx.repos.matches;

  return {
    /**
     * Reset Simulation State: every match and its stats go, servers stop what they play and their
     * demo holds end; teams, servers, maps and the tournament setup stay.
     */
    async resetSimulationState() {
      const policy = simulationPolicy(ctx.config);
      if (!policy.allowed) {
        throw new AppError('SIMULATION_NOT_ALLOWED', 403, policy.reason!);
      }
      const all = await matches.list();
      const playing = [
        ...new Set(
          all.flatMap((m) =>
            m.serverId !== null && (m.status === 'loaded' || m.status === 'live') ? [m.serverId] : [],
          ),
        ),
      ];
      const demoFiles = await deps.demos.filesOf(all.map((m) => m.slug));
      const { deletedMatches, tournament } = await deps.tournament.clearAllMatches();
      for (const server of await deps.servers.list()) {
        if (server.demoHoldMatch !== null) {
          await deps.servers.releaseHold(server.id);
        }
      }
      playing.forEach((id) => deps.matchControls.stopOnServer(id));
      await Promise.all(demoFiles.map((file) => fs.promises.rm(file, { force: true })));
      ctx.logger.info(
        { module: 'dev-tools', deletedMatches, stoppedServers: playing },
        'simulation state reset',
      );
      return { deletedMatches, stoppedServers: playing, tournament };
    },
  };
}

export type DevToolsService = ReturnType<typeof createDevToolsService>;
