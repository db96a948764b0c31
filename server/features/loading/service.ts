import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError, invalidState, notFound } from '../../errors.js';
import type { Team } from '../../../shared/contracts/teams.js';
import { loadMatchCommands } from '../../integrations/plugin/commands.js';
import { fillHostname } from '../../integrations/plugin/hostname.js';
import { buildMatchConfig, SIMULATION_KICK_DELAY } from '../../integrations/plugin/match-config.js';
import { playList, type MatchRecord, type MatchWriter } from '../matches/index.js';
import type { MapsService } from '../maps/index.js';
import type { ServerRecord, ServersService } from '../servers/index.js';
import type { SettingsService } from '../settings/index.js';
import type { EmitMatchEvent } from '../webhooks/index.js';
import type { LineupsService } from '../lineups/index.js';
import { DEFAULT_TEAM_SIZE } from '../../../shared/domain/tournament-rules.js';
import { stuckLoads, type StuckLoad } from '../../../shared/domain/waiting-work.js';

export interface LoadingDeps {
  servers: Pick<ServersService, 'record' | 'run' | 'overrideKickDelays' | 'restoreKickDelays'>;
  teams: { get(id: string): Promise<Team> };
  settings: Pick<SettingsService, 'read'>;
  maps: Pick<MapsService, 'listMaps'>;
  emitMatchEvent: EmitMatchEvent;
  /** The matches feature's writer: every change of a match's state. */
  matchWriter: Pick<MatchWriter, 'transition' | 'undo'>;
  lineups: Pick<LineupsService, 'configTeam' | 'organiserIds'>;
  /** The join clock (API.md decision 59) starts at a load's first fetch. */
  startJoinClock(slug: string, at: number): Promise<void>;
}

/**
 * Loading a match on a game server: the load id in the config URL makes the plugin's config fetch
 * the proof that the load worked, and lets Matchday refuse fetches of loads it no longer wants.
 */
export function createLoadingService(ctx: AppContext, deps: LoadingDeps) {
  const matches = ctx.repos.matches;
  const loads = ctx.repos.loads;

  async function matchOrThrow(slug: string): Promise<MatchRecord> {
    const match = await matches.get(slug);
    if (!match) {
      throw notFound(`Match "${slug}"`);
    }
    return match;
  }

  /**
   * A simulated match's series-end kick delays (API.md decision 7) go over RCON before the load: 1.4.x
   * cannot take them from the config, and on any version a plugin setting keeps the match's value after
   * it (PROTOCOL.md 4.1), so the server's own are saved to be put back; a load without simulation puts
   * them back first. A failure here costs only a longer postgame: logged, and the load goes ahead.
   */
  async function prepareKickDelays(server: ServerRecord): Promise<void> {
    try {
      if (deps.settings.read().simulateMatches) {
        await deps.servers.overrideKickDelays(server.id, SIMULATION_KICK_DELAY);
      } else {
        await deps.servers.restoreKickDelays(server.id);
      }
    } catch (err) {
      ctx.logger.warn({ module: 'loading', server: server.id, err }, 'series-end kick delays not set');
    }
  }

  const staleLoad = (slug: string, why: string) => {
    ctx.logger.warn({ module: 'loading', match: slug }, `config fetch refused: ${why}`);
    return new AppError('STALE_LOAD', 409, `This load of match ${slug} is no longer wanted (${why}).`);
  };

  return {
    /**
     * Assigns the match to the server and sends the load over RCON; a server that cannot be
     * reached leaves the match as it was. `confirmed` says whether the config was fetched already
     * (the plugin fetches while it runs the command).
     */
    async loadMatch(
      slug: string,
      serverId: string,
      action: 'load' | 'reallocate' | 'restart' | 'move' = 'load',
    ): Promise<{ loadId: string; confirmed: boolean; reply: string }> {
      const server = await deps.servers.record(serverId);
      const before = await matchOrThrow(slug);
      if (!before.team1Id || !before.team2Id) {
        throw invalidState('waiting for its teams', 'load it');
      }
      const loadId = randomBytes(12).toString('base64url');
      const now = ctx.clock.now();
      await ctx.sql.tx(async () => {
        await loads.endOpen(slug, now);
        await loads.endLeftOnServer(serverId, now);
        if (!(await loads.insert({ loadId, matchSlug: slug, serverId, createdAt: now }))) {
          // Another instance loaded a match onto this server first: this load is not sent.
          throw new AppError(
            'SERVER_TAKEN',
            409,
            `Server ${serverId} already has a match loading or playing; match ${slug} was not sent to it.`,
          );
        }
        await deps.matchWriter.transition(before, action, { serverId, loadedAt: now });
        if (action === 'reallocate') {
          await deps.emitMatchEvent('match.reset', slug, { reason: 'reallocated' });
        }
      });
      ctx.live.matches(slug);
      const base = `${ctx.publicUrl}/api`;
      const commands = loadMatchCommands(server.flavour, {
        demoUploadUrl: `${base}/demos/${encodeURIComponent(slug)}/upload`,
        roundBackupUrl: `${base}/matches/backups`,
        configUrl: `${base}/matches/${encodeURIComponent(slug)}.json?loadId=${loadId}`,
        serverToken: ctx.serverToken,
        hostname: fillHostname(server.hostnameFormat || deps.settings.read().hostnameFormat, {
          team1: (await deps.teams.get(before.team1Id)).name,
          team2: (await deps.teams.get(before.team2Id)).name,
          label: before.label,
          matchid: before.matchid,
        }),
      });
      await prepareKickDelays(server);
      let reply = '';
      try {
        for (const line of commands) {
          reply = await deps.servers.run(serverId, line);
        }
      } catch (err) {
        const fetched = (await loads.get(loadId))?.fetchedAt != null;
        if (!fetched) {
          await ctx.sql.tx(async () => {
            await loads.endOpen(slug, ctx.clock.now());
            await deps.matchWriter.undo(await matchOrThrow(slug), before);
          });
          ctx.live.matches(slug);
          throw new AppError(
            'SERVER_UNREACHABLE',
            502,
            `Server ${serverId} did not take match ${slug}: ${(err as Error).message}`,
          );
        }
      }
      ctx.logger.info({ module: 'loading', match: slug, server: serverId }, 'match load sent');
      // The plugin fetches inside the load command: its reply is the load's (queued, refused, or nothing).
      return { loadId, confirmed: (await loads.get(loadId))?.fetchedAt != null, reply };
    },

    /** The open load of a match, if any, with whether the plugin fetched its config. */
    currentLoad: (slug: string) => loads.current(slug),

    /** Open loads whose config no server fetched yet, oldest first. */
    unfetched: () => loads.openUnfetched(),

    /** Loads no server fetched in time while their match waits on that server (issue 31's waiting work). */
    async stuck(): Promise<StuckLoad[]> {
      const open = await loads.openUnfetched();
      const loaded = new Map<string, string | null>();
      for (const slug of new Set(open.map((l) => l.matchSlug))) {
        const m = await matches.get(slug);
        loaded.set(slug, m?.status === 'loaded' ? m.serverId : null);
      }
      return stuckLoads(
        open.map((l) => ({ ...l, sentAt: l.createdAt })),
        (slug, serverId) => loaded.get(slug) === serverId,
        ctx.clock.now(),
      );
    },

    /** Ends the match's open load: a fetch with its load id is then refused. */
    endLoad: (slug: string) => loads.endOpen(slug, ctx.clock.now()),

    /**
     * Ends one load unless a server fetched its config; answers whether none ever did. Final either
     * way: a fetch that commits after the end is refused.
     */
    endUnfetched: (loadId: string) =>
      ctx.sql.tx(async () => {
        const load = await loads.get(loadId);
        if (load === undefined || load.fetchedAt !== null) {
          return false;
        }
        await loads.end(loadId, ctx.clock.now());
        return true;
      }),

    /** The plugin's config download; only the open load of the match's assigned server is answered. */
    async config(slug: string, loadId: string | undefined): Promise<Record<string, unknown>> {
      const match = await matchOrThrow(slug);
      const load = loadId === undefined ? undefined : await loads.get(loadId);
      if (!load || load.matchSlug !== slug) {
        throw staleLoad(slug, loadId === undefined ? 'no load id in the URL' : 'unknown load id');
      }
      if (load.endedAt !== null) {
        throw staleLoad(slug, 'an older load');
      }
      if (match.serverId !== load.serverId) {
        throw staleLoad(slug, `the match is not assigned to server ${load.serverId}`);
      }
      const server = await deps.servers.record(load.serverId);
      const settings = deps.settings.read();
      const team1 = await deps.lineups.configTeam(match, match.team1Id!);
      const team2 = await deps.lineups.configTeam(match, match.team2Id!);
      const coaches = [team1.coach, team2.coach].filter((c) => c !== null);
      const workshopIds = Object.fromEntries(
        (await deps.maps.listMaps()).filter((m) => m.workshopId !== null).map((m) => [m.id, m.workshopId!]),
      );
      const config = buildMatchConfig({
        matchid: match.matchid,
        format: match.format,
        mapAdvantage: match.mapAdvantage,
        ...playList(match),
        workshopIds,
        team1,
        team2,
        teamSize: (await matches.teamSizeOf(slug)) ?? DEFAULT_TEAM_SIZE,
        holdForGo: match.onStage && match.goAt === null,
        // Read at each fetch: a match loaded earlier keeps the config it fetched then. Coaches come in
        // as spectators: admitted, and never waited for (PROTOCOL.md 4.4).
        spectators: [...settings.casters, ...coaches],
        admins: await deps.lineups.organiserIds(),
        maxRounds: match.maxRounds,
        overtimeMode: match.overtimeMode,
        hostnameFormat: server.hostnameFormat || settings.hostnameFormat,
        label: match.label,
        flavour: server.flavour,
        simulation: settings.simulateMatches ? { timescale: settings.simulationTimescale } : undefined,
      });
      // The first fetch proves players can connect now: that is when websites hear match.ready.
      await ctx.sql.tx(async () => {
        // Ended while the config was built (a stop or a new load committed meanwhile): refused, so an
        // ended load's fetchedAt is final and a stop can rely on it (endUnfetched).
        if ((await loads.get(load.loadId))?.endedAt != null) {
          throw staleLoad(slug, 'an older load');
        }
        const at = ctx.clock.now();
        if (await loads.markFetched(load.loadId, at)) {
          await deps.emitMatchEvent('match.ready', slug);
          await deps.startJoinClock(slug, at);
        }
      });
      return config;
    },
  };
}

export type LoadingService = ReturnType<typeof createLoadingService>;
