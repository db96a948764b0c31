import type { AppContext } from '../../context.js';
import type { PreflightResult } from '../../../shared/contracts/preflight.js';
import { preflightPassed, tournamentChecks } from '../../../shared/domain/preflight-tournament.js';
import type { MapsService } from '../maps/index.js';
import type { ServersService } from '../servers/index.js';
import type { SettingsService } from '../settings/index.js';
import type { TournamentService } from '../tournament/index.js';

export interface PreflightDeps {
  servers: Pick<ServersService, 'preflight' | 'list'>;
  maps: Pick<MapsService, 'listMaps' | 'defaultPoolMapIds'>;
  settings: Pick<SettingsService, 'read'>;
  tournament: Pick<TournamentService, 'preflightFacts'>;
  /**
   * Hook point: the attention queue (API.md decision 64) takes the failed errors of each run as items.
   * Called after the result is stored; nothing listens yet.
   */
  onResult?(result: PreflightResult): void;
}

/** The checks before the start (API.md decision 57): each enabled server and the tournament. */
export function createPreflightService(ctx: AppContext, deps: PreflightDeps) {
  const repo = ctx.repos.preflight;

  async function run(): Promise<PreflightResult> {
    const facts = await deps.tournament.preflightFacts();
    const poolIds = facts ? facts.mapIds : await deps.maps.defaultPoolMapIds();
    const known = new Map((await deps.maps.listMaps()).map((m) => [m.id, m]));
    const poolMaps = poolIds.map((id) => ({ id, workshopId: known.get(id)?.workshopId ?? null }));
    const servers = await deps.servers.list();
    const checks = [
      ...(await deps.servers.preflight(poolMaps)),
      ...tournamentChecks({
        tournament: facts?.tournament ?? null,
        teams: facts?.teams ?? [],
        mapProblems: facts?.mapProblems ?? [],
        firstRoundMatches: facts?.firstRoundMatches ?? 0,
        enabledServers: servers.filter((s) => s.enabled).length,
        casters: deps.settings.read().casters,
      }),
    ];
    const result = { ok: preflightPassed(checks), ranAt: ctx.clock.now(), checks };
    await repo.save(result);
    ctx.logger.info(
      { module: 'preflight', ok: result.ok, failed: checks.filter((c) => !c.ok).length },
      'preflight checks ran',
    );
    ctx.live.publish({ topic: 'preflight', ok: result.ok, ranAt: result.ranAt });
    deps.onResult?.(result);
    return result;
  }

  return { run, last: () => repo.last() };
}

export type PreflightService = ReturnType<typeof createPreflightService>;
