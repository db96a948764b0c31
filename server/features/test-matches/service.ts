import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { TestMatchRun, TestMatchStep } from '../../../shared/contracts/test-matches.js';
import type { PluginEvent } from '../../../shared/contracts/plugin-events.js';
import { nextDeadline, runReport, serverReport } from '../../../shared/domain/test-match-report.js';
import { DEFAULT_TEAM_SIZE } from '../../../shared/domain/tournament-rules.js';
import { loadMatchCommands } from '../../integrations/plugin/commands.js';
import { buildMatchConfig } from '../../integrations/plugin/match-config.js';
import type { MapsService } from '../maps/index.js';
import type { ServersService } from '../servers/index.js';
import type { SettingsService } from '../settings/index.js';

/** Rounds of a test match: `mp_maxrounds 2` ends it after two rounds (overtime off), win or draw. */
const TEST_MATCH_ROUNDS = 2;
/** The test match's timescale when the install sets none above 1: a healthy server finishes in minutes. */
const MIN_TIMESCALE = 4;

export interface TestMatchesDeps {
  servers: Pick<ServersService, 'list' | 'record' | 'run'>;
  settings: Pick<SettingsService, 'policy' | 'read'>;
  maps: Pick<MapsService, 'defaultPoolMapIds' | 'listMaps'>;
  /** A matchid from the matches feature's sequence: no real match ever shares it. */
  newMatchid(): Promise<number>;
  /**
   * Hook point: the attention queue (API.md decision 64) takes a server whose test match failed as an
   * item. Called with each finished run; nothing listens yet.
   */
  onFinished?(run: TestMatchRun): void;
}

/** The plugin events that mark a step; the others of a test match are dropped unstored. */
const EVENT_STEPS: Partial<Record<string, Exclude<TestMatchStep, 'load' | 'fetched' | 'demo'>>> = {
  going_live: 'live',
  series_end: 'completed',
};

/**
 * A short simulated match on every free enabled server (API.md decision 58). The match is never a row
 * of `matches`: no tournament, ratings, standings, stats, webhooks or public page can see it; its config
 * is built here with simulation on for this load alone, its events and its demo are dropped once their
 * step is noted. What stays is the report, one row per server, until the next run.
 */
export function createTestMatchesService(ctx: AppContext, deps: TestMatchesDeps) {
  const repo = ctx.repos.testMatches;

  async function report(): Promise<TestMatchRun | null> {
    const rows = await repo.all();
    return rows.length === 0 ? null : runReport(rows[0]!.startedAt, rows, ctx.clock.now());
  }

  let lookAgain: NodeJS.Timeout | undefined;

  /**
   * Tells the dashboard to reload, and looks again when the next step's bound runs out: a server that
   * never does its step sends nothing, so the run itself notices it failed.
   */
  async function announce(startedAt: number): Promise<void> {
    ctx.live.publish({ topic: 'test-matches', startedAt });
    clearTimeout(lookAgain);
    const rows = await repo.all();
    const at = nextDeadline(rows, ctx.clock.now());
    if (at === null) {
      const run = runReport(startedAt, rows, ctx.clock.now());
      if (run.finishedAt !== null) {
        deps.onFinished?.(run);
      }
      return;
    }
    lookAgain = setTimeout(
      () =>
        void announce(startedAt).catch((err: unknown) => ctx.logger.error({ err }, 'test match look failed')),
      Math.max(0, at - ctx.clock.now()) * 1000,
    );
    lookAgain.unref();
  }

  async function noteStep(matchid: number, step: Exclude<TestMatchStep, 'load'>): Promise<void> {
    await repo.step(matchid, step, ctx.clock.now());
    const row = await repo.byMatchid(matchid);
    if (row) {
      // A plugin event's step is noted inside its batch's transaction: the timer and the reload wait for it.
      ctx.sql.afterCommit(() => {
        announce(row.startedAt).catch((err: unknown) =>
          ctx.logger.error({ err, module: 'test-matches' }, 'test match progress not announced'),
        );
      });
    }
  }

  async function load(serverId: string, matchid: number): Promise<void> {
    const base = `${ctx.publicUrl}/api/servers/test-matches/${matchid}`;
    try {
      const server = await deps.servers.record(serverId);
      const commands = loadMatchCommands(server.flavour, {
        demoUploadUrl: `${base}/demo`,
        // Its round backups are refused there (no such match) and kept nowhere, as the match itself.
        roundBackupUrl: `${ctx.publicUrl}/api/matches/backups`,
        configUrl: `${base}/config.json`,
        serverToken: ctx.serverToken,
        hostname: 'Matchday test match',
      });
      // The load id of a real match is its loadId; here it is the matchid, checked against the server.
      await repo.loaded(serverId, ctx.clock.now(), null);
      for (const line of commands) {
        await deps.servers.run(serverId, line);
      }
    } catch (err) {
      await repo.loaded(serverId, null, `the load was not sent: ${(err as Error).message}`);
    }
  }

  return {
    report,

    /** Starts a run; 403 where simulation is not allowed, 409 while a run is under way or no server is free. */
    async start(): Promise<TestMatchRun> {
      const policy = deps.settings.policy;
      if (!policy.allowed) {
        throw new AppError('SIMULATION_NOT_ALLOWED', 403, policy.reason!);
      }
      const startedAt = ctx.clock.now();
      await ctx.sql.tx(async () => {
        const last = await report();
        if (last && last.finishedAt === null) {
          throw new AppError(
            'TEST_MATCHES_RUNNING',
            409,
            'Test matches are running; wait for their report before starting new ones.',
          );
        }
        const free = (await deps.servers.list()).filter((s) => s.enabled && s.availability.free);
        if (free.length === 0) {
          throw new AppError('NO_FREE_SERVER', 409, 'No enabled server is free for a test match.');
        }
        const rows = [];
        for (const s of free) {
          rows.push({ serverId: s.id, name: s.name, matchid: await deps.newMatchid() });
        }
        await repo.replace(startedAt, rows);
      });
      // RCON outside the transaction; servers load side by side.
      await Promise.all((await repo.all()).map((row) => load(row.serverId, row.matchid)));
      await announce(startedAt);
      return (await report())!;
    },

    /** The plugin's config download for a test match; only a loaded, unfinished one is answered. */
    async config(matchid: number): Promise<Record<string, unknown>> {
      const row = await repo.byMatchid(matchid);
      if (!row || row.steps.load === null || row.steps.completed !== null) {
        throw new AppError('STALE_LOAD', 409, `Test match ${matchid} is no longer wanted.`);
      }
      const server = await deps.servers.record(row.serverId);
      const [mapId] = await deps.maps.defaultPoolMapIds();
      if (mapId === undefined) {
        throw new AppError('INVALID_STATE', 409, 'No map in the default pool for a test match.');
      }
      const workshopIds = Object.fromEntries(
        (await deps.maps.listMaps()).filter((m) => m.workshopId !== null).map((m) => [m.id, m.workshopId!]),
      );
      const team = (n: 1 | 2) => ({ id: `test${n}`, name: `Test ${n}`, tag: `T${n}`, players: [] });
      const config = buildMatchConfig({
        matchid,
        format: 'bo1',
        maps: [mapId],
        workshopIds,
        team1: team(1),
        team2: team(2),
        teamSize: DEFAULT_TEAM_SIZE,
        spectators: [],
        maxRounds: TEST_MATCH_ROUNDS,
        overtimeMode: 'disabled_draw',
        hostnameFormat: '',
        label: 'Test match',
        flavour: server.flavour,
        // Simulation in this config alone: the event's other matches keep the install's setting.
        simulation: { timescale: Math.max(MIN_TIMESCALE, deps.settings.read().simulationTimescale) },
      });
      await noteStep(matchid, 'fetched');
      return config;
    },

    /** A test match's demo arrived; its bytes are not kept. */
    demoReceived: (matchid: number) => noteStep(matchid, 'demo'),

    /**
     * Servers a test match still plays on (not finished, not failed): allocation gives them no match, as
     * the plugin's warmup would otherwise look free.
     */
    async busyServerIds(): Promise<ReadonlySet<string>> {
      const now = ctx.clock.now();
      return new Set(
        (await repo.all())
          .filter((row) => row.steps.completed === null && serverReport(row, now).state === 'running')
          .map((row) => row.serverId),
      );
    },

    /**
     * Hook for the plugin-events intake: true when the event belongs to a test match (its step is noted,
     * the event is not stored and reaches no match).
     */
    async claimEvent(e: PluginEvent): Promise<boolean> {
      if (typeof e.matchid !== 'number' || !(await repo.byMatchid(e.matchid))) {
        return false;
      }
      const step = EVENT_STEPS[e.event];
      if (step) {
        await noteStep(e.matchid, step);
      }
      return true;
    },
  };
}

export type TestMatchesService = ReturnType<typeof createTestMatchesService>;
