import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import type { CreateServer, UpdateServer } from '../../../shared/contracts/servers.js';
import { serverAvailability, type Availability } from '../../../shared/domain/server-availability.js';
import { newestBuild } from '../../../shared/domain/game-build.js';
import { demoRecordingCommand, readConvar, statusConvars } from '../../integrations/plugin/commands.js';
import { RconConnection, type RconTarget } from '../../integrations/rcon/connection.js';
import type { SettingsService } from '../settings/index.js';
import type { EmitMatchEvent } from '../webhooks/index.js';
import type { PluginState, ServerRecord } from './repo.js';
import { rconProblem } from './rcon-problem.js';
import { createServerSetup } from './setup.js';
import { createDemoHolds } from './demo-holds.js';
import { createKickDelays } from './kick-delays.js';
import { createBuildReader } from './game-build.js';
import { createServerPreflight } from './preflight-checks.js';
import { createTestEvents, timed } from './test-events.js';
import type { PoolMap } from '../../../shared/domain/preflight-server.js';

export type { ServerRecord };

const RCON_TEST_TIMEOUT_MS = 5_000;

export interface ServerView extends ServerRecord {
  availability: Availability & { activeMatch: string | null };
  /** Set up, and the plugin has not fetched its settings yet. */
  waitingForBootstrap: boolean;
}

export interface ServersDeps {
  settings: Pick<SettingsService, 'read'>;
  emitMatchEvent: EmitMatchEvent;
}

export function createServersService(ctx: AppContext, deps: ServersDeps) {
  const repo = ctx.repos.servers;

  /** Passwords and tokens read from the database are secrets the logger must scrub too. */
  const remember = (server: ServerRecord): ServerRecord => {
    for (const secret of [
      server.rconPassword,
      server.serverPassword,
      server.bootstrapToken,
      server.reportToken,
    ]) {
      if (secret) {
        ctx.secrets.add(secret);
      }
    }
    return server;
  };

  async function find(id: string): Promise<ServerRecord> {
    const server = await repo.get(id);
    if (!server) {
      throw notFound(`Server "${id}"`);
    }
    return remember(server);
  }

  async function view(server: ServerRecord, newest?: ReturnType<typeof newestBuild>): Promise<ServerView> {
    newest ??= newestBuild(await repo.list());
    const activeMatch = (await repo.activeMatchOn(server.id)) ?? null;
    return {
      ...server,
      availability: {
        ...serverAvailability(server, activeMatch, ctx.clock.now(), newest),
        activeMatch,
      },
      waitingForBootstrap:
        server.setupAt !== null && server.setupError === null && server.bootstrappedAt === null,
    };
  }

  const targetOf = (s: ServerRecord): RconTarget => ({
    host: s.host,
    port: s.port,
    password: s.rconPassword,
  });

  /** Runs a console line on a server over its kept-open RCON connection. */
  const rcon = (server: ServerRecord, line: string) => ctx.rcon.run(server.id, targetOf(server), line);

  const kickDelays = createKickDelays(ctx, { repo, rcon });

  const serverSetup = createServerSetup(ctx, {
    repo,
    settings: deps.settings,
    find,
    remember,
    rcon,
    announce: (id) => announce(id),
  });

  /** Setup over RCON (setup.ts); a failure is stored on the server as a readable error. */
  async function setup(id: string, confirmAddressChange = false): Promise<ServerView> {
    await serverSetup.setup(id, confirmAddressChange);
    if ((await find(id)).setupError === null) {
      await readBuild(id);
    }
    return view(await find(id));
  }

  async function update(id: string, patch: UpdateServer): Promise<ServerRecord> {
    const before = await find(id);
    const now = ctx.clock.now();
    await ctx.sql.tx(async () => {
      const { flavour, ...rest } = patch;
      await repo.update({ ...before, ...rest, ...(flavour ? { flavourSetting: flavour } : {}) }, now);
      // Players connect with the address and password: a change is a new match.ready for its match.
      const active = await repo.activeMatchOn(id);
      const connectChanged = (['host', 'port', 'serverPassword'] as const).some(
        (k) => k in patch && patch[k] !== before[k],
      );
      if (active && connectChanged) {
        await deps.emitMatchEvent('match.ready', active);
      }
    });
    const after = await find(id);
    if (
      before.host !== after.host ||
      before.port !== after.port ||
      before.rconPassword !== after.rconPassword
    ) {
      ctx.rcon.forget(id);
    }
    announce(id);
    return after;
  }

  /**
   * Server pages follow status, warnings and holds live. Plugin events note these inside their batch
   * transaction: the message leaves once that has committed.
   */
  const announce = (id: string) =>
    ctx.sql.afterCommit(() => ctx.live.publish({ topic: 'server', serverId: id, removed: false }));
  const holds = createDemoHolds(ctx, repo, announce);
  const readBuild = createBuildReader(ctx, repo, async (id, line) => rcon(await find(id), line), announce);

  const testEvents = createTestEvents(ctx, repo, rcon);

  const preflightOf = createServerPreflight({
    run: rcon,
    testEvent: testEvents.roundTrip,
    backupUploadTarget: (id) => service.backupUploadTarget(id),
  });

  const service = {
    /**
     * Where the server's plugin uploads its round backups (API.md decision 54): the bootstrap it fetched
     * sets the upload to Matchday's address (loads set it again); null before it fetched one. The plugin
     * cannot be asked: `matchzy_remote_backup_url` (1.4.21) and `at_remote_backup_url` (2.0.0) are
     * commands with no getter (src/ConfigConvars.cs).
     */
    async backupUploadTarget(id: string): Promise<string | null> {
      const server = await repo.get(id);
      if (!server || server.bootstrappedAt === null) {
        return null;
      }
      return `${server.eventBaseUrl ?? ctx.publicUrl}/api/matches/backups`;
    },

    list: async () => {
      const all = await repo.list();
      const newest = newestBuild(all);
      const views: ServerView[] = [];
      for (const s of all) {
        views.push(await view(remember(s), newest));
      }
      return views;
    },
    get: async (id: string) => view(await find(id)),
    update: async (id: string, patch: UpdateServer) => view(await update(id, patch)),
    setup,

    async create(input: CreateServer): Promise<ServerView> {
      const now = ctx.clock.now();
      await ctx.sql.tx(async () => {
        if (await repo.get(input.id)) {
          throw new AppError('ALREADY_EXISTS', 409, `A server with id "${input.id}" already exists.`);
        }
        const { flavour, ...rest } = input;
        await repo.insert({ ...rest, flavourSetting: flavour }, now);
      });
      return setup(input.id);
    },

    async setEnabled(id: string, enabled: boolean) {
      if (enabled) {
        // An admin enabling it unblocks a server that was marked failed (API.md decision 55).
        await repo.patchPluginState(id, { failedAt: null });
      }
      return view(await update(id, { enabled }));
    },

    /** Blocks the server as `failed`: a match was moved off it (API.md decision 55); setup unblocks it. */
    async markFailed(id: string): Promise<void> {
      await repo.patchPluginState(id, { failedAt: ctx.clock.now() });
      announce(id);
    },

    async delete(id: string): Promise<void> {
      serverSetup.stopWatch(id);
      if (!(await repo.delete(id))) {
        throw notFound(`Server "${id}"`);
      }
      ctx.rcon.forget(id);
      ctx.live.publish({ topic: 'server', serverId: id, removed: true });
    },

    bootstrap: serverSetup.bootstrap,

    async findByToken(kind: 'bootstrap' | 'report', token: string): Promise<string | undefined> {
      const server = await repo.byToken(token);
      if (!server) {
        return undefined;
      }
      return (kind === 'bootstrap' ? server.bootstrapToken : server.reportToken) === token
        ? server.id
        : undefined;
    },

    /** Records what the plugin told about itself; unknown servers are ignored (and said so). */
    async notePlugin(id: string, patch: Partial<PluginState>): Promise<boolean> {
      if (!(await repo.get(id))) {
        return false;
      }
      await repo.patchPluginState(id, { ...patch, lastSeenAt: ctx.clock.now() });
      announce(id);
      return true;
    },

    /** The plugin's health report: the game build is read again (an update may have been installed). */
    noteHealth(id: string): void {
      // readBuild logs its own failures.
      void readBuild(id);
    },

    /**
     * The demo-recording setting changed: every set-up server gets it now rather than at its next
     * setup (the plugin reads it when a map goes live). One that cannot be reached gets it then.
     */
    async pushDemoRecording(enabled: boolean): Promise<void> {
      for (const server of await repo.list()) {
        if (server.setupAt === null) {
          continue;
        }
        await rcon(server, demoRecordingCommand(server.flavour, enabled)).catch((err: unknown) =>
          ctx.logger.warn(
            { module: 'servers', server: server.id },
            `demo recording not changed there (it will be at its next setup): ${rconProblem(err)}`,
          ),
        );
      }
    },

    /**
     * The plugin started up (inside the event's transaction): a match Matchday has on the server is
     * lost there, as a plugin starts with no match (API.md decision 56); the failover acts on it.
     */
    async noteStartUp(id: string): Promise<void> {
      if ((await repo.activeMatchOn(id)) !== undefined) {
        await repo.patchPluginState(id, { lostMatchAt: ctx.clock.now() });
      }
    },

    /** The failover acted on the match the plugin lost at its start-up. */
    async forgetLostMatch(id: string): Promise<void> {
      await repo.patchPluginState(id, { lostMatchAt: null });
    },

    /** The plugin started again: the map the server booted on may need a reload for GOTV. */
    noteRestart(id: string): void {
      serverSetup
        .afterRestart(id)
        .catch((err: unknown) =>
          ctx.logger.warn(
            { module: 'servers', server: id },
            `no map reload after the restart: ${rconProblem(err)}`,
          ),
        );
    },

    /** Counts the plugin's test event (inside the event's transaction) and wakes who waits here. */
    noteTestEvent: testEvents.note,

    ...holds,

    /** The status convars read over RCON now, plus what the plugin last reported. */
    async status(id: string) {
      const server = await find(id);
      const names = statusConvars(server.flavour);
      try {
        let reply = '';
        for (const name of Object.values(names)) {
          reply += `${await rcon(server, name)}\n`;
        }
        const read = (name: string) => readConvar(reply, name) ?? null;
        const status = read(names.status);
        const updated = Number(read(names.updated));
        if (status !== null) {
          await repo.patchPluginState(id, { pluginStatus: status, lastSeenAt: ctx.clock.now() });
        }
        return {
          server: await view(await find(id)),
          live: {
            status,
            match: read(names.match) || null,
            nextMatch: read(names.nextMatch) || null,
            updated: Number.isInteger(updated) && updated > 0 ? updated : null,
          },
          rconError: null,
        };
      } catch (err) {
        return { server: await view(await find(id)), live: null, rconError: rconProblem(err) };
      }
    },

    /** Server test connectivity: RCON login, then a test event round trip through the plugin. */
    async test(id: string) {
      const server = await find(id);
      const login = await timed(() => rcon(server, 'status'));
      if (login.error !== undefined) {
        return { ok: false, rcon: { ok: false, message: rconProblem(login.error), ms: login.ms } };
      }
      const rconCheck = { ok: true, message: 'RCON login works.', ms: login.ms };
      const plugin = await testEvents.roundTrip(server);
      return { ok: plugin.ok, rcon: rconCheck, plugin };
    },

    /** Each enabled server's preflight checks (API.md decision 57, preflight-checks.ts). */
    preflight: async (maps: readonly PoolMap[]) => {
      const all = await repo.list();
      const newest = newestBuild(all);
      const enabled = all.filter((s) => s.enabled).map(remember);
      return (await Promise.all(enabled.map((s) => preflightOf(s, maps, newest)))).flat();
    },

    /** RCON login to a server that is not saved yet (the add-server form's "Test connection"). */
    async testConnection(target: RconTarget) {
      const login = await timed(async () => {
        const connection = await RconConnection.open(target, RCON_TEST_TIMEOUT_MS);
        try {
          return await connection.command('status', RCON_TEST_TIMEOUT_MS);
        } finally {
          connection.close();
        }
      });
      const ok = login.error === undefined;
      return {
        ok,
        rcon: { ok, ms: login.ms, message: ok ? 'RCON login works.' : rconProblem(login.error) },
      };
    },

    /** Stops the bootstrap watches (the app is closing). */
    stop: serverSetup.stop,
    /** Watches again the setups that still wait for their bootstrap fetch (start-up). */
    resumeBootstrapWatches: serverSetup.resumeWatches,

    /** Sets the series-end kick delays of a 1.4.x plugin for a simulated match (kick-delays.ts). */
    overrideKickDelays: async (id: string, seconds: number) => kickDelays.override(await find(id), seconds),
    /** Puts back the kick delays a simulated match replaced, if any. */
    restoreKickDelays: async (id: string) => kickDelays.restore(await find(id)),

    /** Runs a console line on a server (admin controls and loading matches use it). */
    run: async (id: string, line: string) => rcon(await find(id), line),
    record: find,
  };
  return service;
}

export type ServersService = ReturnType<typeof createServersService>;
