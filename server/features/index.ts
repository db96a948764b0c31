import type { AppContext } from '../context.js';
import type { InstanceFacts } from './health/routes.js';
import type { RouteTable } from '../http/route.js';
import { createAttentionService } from './attention/index.js';
import { registerAttentionRoutes } from './attention/routes.js';
import { createJoinClockService, registerJoinClockRoutes } from './join-clock/index.js';
import { registerAuthRoutes } from './auth/routes.js';
import { registerBackupRoutes } from './backup/routes.js';
import { createBackupService } from './backup/service.js';
import { createAuthService } from './auth/service.js';
import { registerProviderRoutes } from './auth/provider-routes.js';
import { createProviderSignIn } from './auth/providers/index.js';
import { registerHealthRoutes } from './health/routes.js';
import { registerIntegrationRoutes } from './integrations/routes.js';
import { createIntegrationsService } from './integrations/service.js';
import { registerMapRoutes } from './maps/routes.js';
import { createMapsService } from './maps/service.js';
import { registerPlayerRoutes } from './players/routes.js';
import { createPlayersService } from './players/service.js';
import { registerPluginEventRoutes } from './plugin-events/routes.js';
import { createPluginEventsService } from './plugin-events/service.js';
import { registerServerRoutes } from './servers/routes.js';
import { registerPreflightRoutes } from './preflight/routes.js';
import { createPreflightService } from './preflight/service.js';
import { registerTestMatchRoutes } from './test-matches/routes.js';
import { createTestMatchesService } from './test-matches/service.js';
import { createServersService } from './servers/service.js';
import { registerSettingsRoutes } from './settings/routes.js';
import { createSettingsService } from './settings/service.js';
import { registerMatchRoutes } from './matches/routes.js';
import { createMatchesService, createMatchWriter } from './matches/index.js';
import { registerConnectRoutes } from './connect/routes.js';
import { registerLogRoutes } from './logs/routes.js';
import { registerDemoRoutes } from './demos/routes.js';
import { registerDevToolsRoutes } from './dev/routes.js';
import { createDevToolsService } from './dev/service.js';
import { createDemosService } from './demos/service.js';
import { createRoundBackupsService } from './round-backups/service.js';
import { registerRoundBackupRoutes } from './round-backups/routes.js';
import { registerLoadingRoutes } from './loading/routes.js';
import { createLoadingService } from './loading/service.js';
import { registerRatingRoutes } from './ratings/routes.js';
import { createRatingsService } from './ratings/service.js';
import { registerTeamRoutes } from './teams/routes.js';
import { createBracketEngine } from './tournament/bracket-engine.js';
import type { FormatEngine } from './tournament/engine.js';
import { registerTournamentRoutes } from './tournament/routes.js';
import { perTournament, registerTournamentsRoutes, scopedTournamentId } from './tournament/index.js';
import { createTournamentService } from './tournament/service.js';
import { createShuffleEngine } from './tournament/shuffle-engine.js';
import { createSwissEngine, createSwissRounds } from './tournament/swiss-engine.js';
import { createBracketStages } from './tournament/bracket-stages.js';
import { registerCorrectionRoutes } from './tournament/correction-routes.js';
import { createGroupsPlayoffsEngine } from './tournament/groups-playoffs-engine.js';
import type { TournamentType } from '../../shared/contracts/tournament.js';
import { createTeamsService } from './teams/service.js';
import { createTeamImportService } from './teams/import.js';
import { createPlayerIdFix } from './teams/id-fix.js';
import { createLineupsService } from './lineups/service.js';
import { registerLineupRoutes } from './lineups/routes.js';
import { registerAllocationRoutes } from './allocation/routes.js';
import { createAllocationService } from './allocation/service.js';
import { registerForfeitRoute, registerMatchControlRoutes } from './match-controls/routes.js';
import { createForfeit, createServerStop } from './match-controls/index.js';
import { createMatchControlsService } from './match-controls/service.js';
import { createMatchMove } from './match-controls/move.js';
import { createFailover } from './match-controls/failover.js';
import { registerMoveRoute } from './match-controls/move-routes.js';
import { registerRecoveryRoutes } from './recovery/routes.js';
import { createRecoveryService } from './recovery/service.js';
import { registerVetoRoutes } from './veto/routes.js';
import { createVetoService } from './veto/service.js';
import { registerWebhookRoutes } from './webhooks/routes.js';
import { registerStatsRoutes } from './stats/routes.js';
import { createStatsService } from './stats/service.js';
import { createWebhooksService } from './webhooks/service.js';
import { registerExportRoutes } from './exports/routes.js';
import { createExportsService } from './exports/service.js';
import { registerHudRoutes } from './hud/routes.js';
import { registerStageQueueRoutes } from './stage-queue/routes.js';
import { createStageQueueService } from './stage-queue/service.js';
import { createHudService } from './hud/service.js';

/** The composition root of the features: services built once, routes registered in one place. */
export function createServices(ctx: AppContext) {
  const teams = createTeamsService(ctx);
  const settings = createSettingsService(ctx);
  const webhooks = createWebhooksService(ctx, { settings });
  const { emitMatchEvent, emitTeamEvent } = webhooks;
  // Early, so every feature built below can be handed it: they raise and clear their items through it
  // (its index says how). Loading comes later; the queue asks it for stuck loads only when it sweeps.
  const attention = createAttentionService(ctx, {
    settings,
    teams,
    emitMatchEvent,
    stuckLoads: () => loading.stuck(),
    lastPreflight: () => preflight.last(),
  });
  const servers = createServersService(ctx, { settings, emitMatchEvent });
  const maps = createMapsService(ctx);
  const ratings = createRatingsService(ctx);
  const players = createPlayersService(ctx);
  const now = () => ctx.clock.now();
  // The one writer of match rows: every other feature changes a match through it.
  const matchWriter = createMatchWriter(ctx);
  // API.md decision 59. The forfeit comes later (it needs the tournament's results); called at a deadline.
  const joinClock = createJoinClockService(ctx, { matchWriter, attention, forfeit: () => forfeit });
  const roundBackups = createRoundBackupsService(ctx);
  // A deleted match's round backup files go once the delete committed (their rows go with the match).
  matchWriter.onRemoved((slug) => roundBackups.removeFilesOf(slug));
  const bracketStages = createBracketStages(ctx.sql, ctx.repos, matchWriter, now);
  const swissRounds = createSwissRounds(ctx.repos, matchWriter, now);
  const engines: Record<TournamentType, FormatEngine> = {
    single_elimination: createBracketEngine(ctx.repos, bracketStages, 'single_elimination'),
    double_elimination: createBracketEngine(ctx.repos, bracketStages, 'double_elimination'),
    round_robin: createBracketEngine(ctx.repos, bracketStages, 'round_robin'),
    swiss: createSwissEngine(ctx.repos, swissRounds),
    shuffle: createShuffleEngine(ctx.repos, matchWriter, now),
    groups_playoffs: createGroupsPlayoffsEngine(ctx.repos, bracketStages, swissRounds),
  };
  const tournament = createTournamentService(ctx, {
    teams,
    maps,
    settings,
    ratings,
    engineFor: (t) => engines[t.type],
    assertPlayersExist: (ids) => players.assertExist(ids, 'platformIds'),
    emitMatchEvent,
    matchWriter,
    // Match controls come later (they need the tournament's results); called only on a forced correction.
    endOnServer: (m) => matchControls.release(m),
    // The preflight reads the tournament, so it comes later; called by a start that is not forced.
    preflight: () => preflight.run(),
    // Likewise the forfeit: called only when a team withdraws.
    forfeitMatch: (slug, input) => forfeit(slug, input),
    emitTeamEvent,
  });
  const preflight = createPreflightService(ctx, { servers, maps, settings, tournament });
  const matches = createMatchesService(ctx, {
    teams,
    maps,
    servers,
    settings,
    recordSeriesResult: tournament.recordSeriesResult,
    emitMatchEvent,
    matchWriter,
  });
  const testMatches = createTestMatchesService(ctx, {
    servers,
    settings,
    maps,
    newMatchid: () => ctx.repos.matches.newMatchid(),
  });
  const pluginEvents = createPluginEventsService(ctx, {
    claimTestMatchEvent: testMatches.claimEvent,
    recordSeriesResult: tournament.recordSeriesResult,
    // Loading and allocation come later; called only when a series ends.
    seriesEnded: async (slug) => {
      await loading.endLoad(slug);
      void allocation.kick();
    },
    demoReported: () => void allocation.kick(),
    stopOnServer: (serverId) => createServerStop(ctx, { servers, loading }).stopAndWait(serverId),
    servers,
    settings,
    emitMatchEvent,
    matchWriter,
    playersChanged: (slug) => joinClock.countPresent(slug),
  });
  const lineups = createLineupsService(ctx, { teams, servers });
  const loading = createLoadingService(ctx, {
    servers,
    teams,
    settings,
    maps,
    emitMatchEvent,
    matchWriter,
    lineups,
    startJoinClock: (slug, at) => joinClock.start(slug, at),
  });
  const veto = createVetoService(ctx, {
    teams,
    matchWriter,
    starterOf: (m) => tournament.vetoStarterOf(m),
  });
  const moveMatch = createMatchMove(ctx, {
    servers,
    loading,
    roundBackups,
    emitMatchEvent,
    matchWriter,
    attention,
    stopOnServer: createServerStop(ctx, { servers, loading }).stopOnServer,
  });
  const failover = createFailover(ctx, { settings, servers, loading, pluginEvents, attention, moveMatch });
  const allocation = createAllocationService(ctx, {
    // Waiting moves go first: they are at the head of the queue (API.md decision 55).
    beforeAllocating: () => moveMatch.retryWaiting(),
    servers,
    loading,
    settings,
    veto,
    matchWriter,
    emitMatchEvent,
    timetableHolds: () => tournament.timetable.holds(),
    busyOutsideMatches: () => testMatches.busyServerIds(),
    playersOf: async (teamIds) =>
      new Map((await teams.rosters(teamIds)).map((t) => [t.id, t.players.map((p) => p.id)])),
    attention,
  });
  settings.onChange((saved, patch) => {
    if (patch.simulateMatches === true) {
      void allocation.kick();
    }
    if (patch.demoRecording !== undefined) {
      servers
        .pushDemoRecording(saved.demoRecording)
        .catch((err: unknown) => ctx.logger.warn({ err }, 'the demo-recording setting was not pushed'));
    }
  });
  const matchControls = createMatchControlsService(ctx, {
    servers,
    loading,
    recordSeriesResult: tournament.recordSeriesResult,
    matchWriter,
    allocate: () => void allocation.kick(),
    emitMatchEvent,
    pluginEvents,
  });
  // API.md decision 60: also what the join clock's walkover calls.
  const forfeit = createForfeit(
    ctx,
    { servers, loading, recordSeriesResult: tournament.recordSeriesResult },
    createServerStop(ctx, { servers, loading }),
  );
  const recovery = createRecoveryService(ctx, {
    servers,
    pluginEvents,
    loading,
    matchWriter,
    allocate: () => void allocation.kick(),
    emitMatchEvent,
  });
  const auth = createAuthService(ctx, { settings, teams, players });
  const demos = createDemosService(ctx, { servers });
  const stats = createStatsService(ctx);
  return {
    devTools: createDevToolsService(ctx, { tournament, matchControls, servers, demos }),
    allocation,
    attention,
    joinClock,
    matchControls,
    forfeit,
    moveMatch,
    failover,
    recovery,
    auth,
    signInProviders: createProviderSignIn(ctx, { auth, settings, players }),
    loading,
    demos,
    roundBackups,
    teams,
    players,
    teamImport: createTeamImportService(ctx, { players, teams }),
    playerIdFix: createPlayerIdFix(ctx),
    lineups,
    servers,
    maps,
    settings,
    ratings,
    tournament,
    preflight,
    testMatches,
    matches,
    pluginEvents,
    integrations: createIntegrationsService(ctx, { teams }),
    veto,
    backup: createBackupService(ctx, {
      tournamentInProgress: async () => (await tournament.current())?.status === 'in_progress',
    }),
    webhooks,
    stats,
    exports: createExportsService(ctx, { tournament, teams, stats }),
    hud: createHudService({ matches, teams, veto, servers }),
    stageQueue: createStageQueueService(ctx, {
      matches,
      matchWriter,
      matchControls,
      loading,
      settings,
      allocate: () => void allocation.kick(),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Start-up work that must run before the first request: what services keep in memory, first-start defaults. */
export async function loadServices(services: Services): Promise<void> {
  await reloadServices(services);
  await services.maps.seedDefaults();
}

/** Reads again what services keep in memory: at start, and when another instance restored a backup. */
export async function reloadServices(services: Services): Promise<void> {
  await services.settings.load();
  await services.signInProviders.load();
  await services.webhooks.load();
}

/** Every feature's routes on the route table. */
export function registerRoutes(
  routes: RouteTable,
  ctx: AppContext,
  services: Services,
  instance: InstanceFacts,
) {
  registerHealthRoutes(routes, ctx.version, instance);
  // Early: Express tries routes in order, and plugin events are the busiest (every round of every server).
  registerPluginEventRoutes(routes, services.pluginEvents);
  registerConnectRoutes(routes, ctx);
  registerLogRoutes(routes, ctx);
  registerAuthRoutes(routes, services.auth, services.teams);
  registerProviderRoutes(routes, services.auth, services.signInProviders);
  registerTeamRoutes(routes, services.teams, services.teamImport, services.playerIdFix);
  registerLineupRoutes(routes, services.lineups);
  registerPlayerRoutes(routes, services.players);
  registerTestMatchRoutes(routes, services.testMatches);
  registerServerRoutes(routes, services.servers);
  registerPreflightRoutes(routes, services.preflight);
  registerMapRoutes(routes, services.maps, ctx.config.workshopLookupUrl);
  registerSettingsRoutes(routes, services.settings);
  // Each `/api/tournament/...` route also as `/api/tournaments/:id/...` (API.md decision 73).
  const tournamentRoutes = perTournament(routes, (id) => services.tournament.resolve(id));
  registerTournamentsRoutes(routes, services.tournament);
  registerAllocationRoutes(tournamentRoutes, services.allocation, scopedTournamentId);
  registerTournamentRoutes(tournamentRoutes, services.tournament);
  registerDevToolsRoutes(routes, services.devTools);
  registerLoadingRoutes(routes, services.loading);
  // Before the match routes: `/api/matches/backups` is no match slug.
  registerRoundBackupRoutes(routes, services.roundBackups);
  registerMatchRoutes(routes, services.matches);
  registerCorrectionRoutes(tournamentRoutes, services.tournament, services.matches);
  registerRatingRoutes(routes, services.ratings, services.players);
  registerIntegrationRoutes(routes, services.integrations);
  registerVetoRoutes(routes, services.veto, services.matches);
  registerMatchControlRoutes(routes, services.matchControls, services.matches);
  registerForfeitRoute(routes, services.forfeit, services.matches);
  registerMoveRoute(routes, services.moveMatch.move, services.matches);
  registerJoinClockRoutes(routes, services.joinClock, services.matches);
  registerRecoveryRoutes(routes, services.recovery, services.matches, () => ctx.clock.now());
  registerBackupRoutes(routes, services.backup);
  registerDemoRoutes(routes, services.demos);
  registerWebhookRoutes(routes, services.webhooks);
  registerStatsRoutes(tournamentRoutes, services.stats);
  registerExportRoutes(routes, services.exports);
  registerHudRoutes(routes, services.hud);
  registerAttentionRoutes(routes, services.attention);
  registerStageQueueRoutes(routes, services.stageQueue);
}
