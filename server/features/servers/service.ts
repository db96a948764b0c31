import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import type { CreateServer, UpdateServer } from '../../../shared/contracts/servers.js';
import { serverAvailability, type Availability } from '../../../shared/domain/server-availability.js';
import { newestBuild } from '../../../shared/domain/game-build.js';
import {
  bootstrapCommands,
  bootstrapUrlCommand,
  readConvar,
  setupCommands,
  statusConvars,
} from '../../integrations/plugin/commands.js';
import { FLAVOUR_NAMES, type Flavour } from '../../integrations/plugin/flavours.js';
import { setUpPlugin, SetupProblem } from './plugin-setup.js';
import { createDemoHolds } from './demo-holds.js';
import { createBuildReader } from './game-build.js';
import { RconConnection, RconError, type RconTarget } from '../../integrations/rcon/connection.js';
import type { SettingsService } from '../settings/service.js';
import type { EmitMatchEvent } from '../webhooks/service.js';
import type { PluginState, ServerRecord } from './repo.js';

export type { ServerRecord };

const RCON_TEST_TIMEOUT_MS = 5_000;
/**
 * MatchZy-Enhanced 1.4.21 fetches its bootstrap at once on each URL or token command but at most once
 * per 5 s, so the fetch may go out with the old URL (src/BootstrapConfig.cs): when no fetch with the
 * new token reached Matchday after this long, the URL command is sent again (PROTOCOL.md 3.5).
 */
const BOOTSTRAP_WAIT_MS = 8_000;
const BOOTSTRAP_RESENDS = 3;
/** How long the plugin may take to answer `css_testevent` with a test event. */
const TEST_EVENT_TIMEOUT_MS = 5_000;

const newToken = () => randomBytes(24).toString('base64url');

/** A person-readable sentence for an RCON failure, stored as the server's setup error. */
function rconProblem(err: unknown): string {
  if (err instanceof SetupProblem) {
    return err.message;
  }
  if (err instanceof RconError) {
    return err.kind === 'auth'
      ? 'RCON password is wrong: change it on the server page (Matchday will not retry until then).'
      : `RCON: ${err.message}`;
  }
  return `RCON: ${(err as Error).message}`;
}

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
  const testEventWaiters = new Map<string, Set<() => void>>();
  /** Per server: the timer that re-sends the bootstrap URL until the plugin fetches it. */
  const bootstrapWatches = new Map<string, NodeJS.Timeout>();

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

  function find(id: string): ServerRecord {
    const server = repo.get(id);
    if (!server) {
      throw notFound(`Server "${id}"`);
    }
    return remember(server);
  }

  function view(server: ServerRecord, newest = newestBuild(repo.list())): ServerView {
    const activeMatch = repo.activeMatchOn(server.id) ?? null;
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

  /**
   * Setup over RCON: detect the plugin (PROTOCOL.md 5.5), then a fresh bootstrap token (the previous
   * one turns stale) and GOTV, the server id, token and URL in that order, each refused command an
   * error. Then watch for the plugin's bootstrap fetch. A failure is stored as a readable error.
   */
  async function setup(id: string): Promise<ServerView> {
    const server = find(id);
    stopWatch(id);
    const bootstrapToken = newToken();
    ctx.secrets.add(bootstrapToken);
    repo.patchPluginState(id, {
      bootstrapToken,
      setupAt: ctx.clock.now(),
      setupError: null,
      bootstrappedAt: null,
    });
    const bootstrapUrl = `${ctx.publicUrl}/api/servers/${encodeURIComponent(id)}/bootstrap`;
    try {
      const detected = await setUpPlugin(server, {
        run: (line) => rcon(server, line),
        free: () => repo.activeMatchOn(id) === undefined,
        log: (message) => ctx.logger.info({ module: 'servers', server: id }, message),
        detected: (found) =>
          repo.patchPluginState(id, {
            detectedFlavour: found.detected,
            ...(found.version ? { pluginVersion: found.version } : {}),
          }),
        setupCommands: (flavour) => setupCommands(flavour, { serverId: id, bootstrapToken, bootstrapUrl }),
      });
      ctx.logger.info(
        { module: 'servers', server: id },
        `setup sent over RCON to ${FLAVOUR_NAMES[detected.flavour].product}${detected.version ? ` ${detected.version}` : ''}`,
      );
      watchBootstrap(id, detected.flavour, bootstrapUrl, bootstrapToken);
      await readBuild(id);
    } catch (err) {
      const problem = rconProblem(err);
      repo.patchPluginState(id, { setupError: problem });
      ctx.logger.warn({ module: 'servers', server: id }, `setup failed: ${problem}`);
    }
    announce(id);
    return view(find(id));
  }

  function stopWatch(id: string): void {
    clearTimeout(bootstrapWatches.get(id));
    bootstrapWatches.delete(id);
  }

  /**
   * Until a fetch with this setup's token reaches Matchday's address, sends the bootstrap URL again
   * (past the plugin's 5 s anti-spam); after the last try the setup fails with a clear reason.
   */
  function watchBootstrap(id: string, flavour: Flavour, url: string, token: string, resends = 0): void {
    const timer = setTimeout(() => {
      bootstrapWatches.delete(id);
      const server = repo.get(id);
      if (!server || server.bootstrapToken !== token || server.bootstrappedAt !== null) {
        return;
      }
      if (resends >= BOOTSTRAP_RESENDS) {
        const problem = `The server never fetched its settings from ${url}: check that it can reach Matchday at ${ctx.publicUrl} (firewall, address), then set it up again.`;
        repo.patchPluginState(id, { setupError: problem });
        ctx.logger.warn({ module: 'servers', server: id }, `setup failed: ${problem}`);
        announce(id);
        return;
      }
      ctx.logger.info({ module: 'servers', server: id }, 'no bootstrap fetch yet: sending its URL again');
      rcon(remember(server), bootstrapUrlCommand(flavour, url)).catch((err: unknown) =>
        ctx.logger.warn({ module: 'servers', server: id }, `bootstrap URL not sent: ${rconProblem(err)}`),
      );
      watchBootstrap(id, flavour, url, token, resends + 1);
    }, BOOTSTRAP_WAIT_MS);
    timer.unref();
    bootstrapWatches.set(id, timer);
  }

  function update(id: string, patch: UpdateServer): ServerRecord {
    const before = find(id);
    const now = ctx.clock.now();
    ctx.db.transaction(() => {
      const { flavour, ...rest } = patch;
      repo.update({ ...before, ...rest, ...(flavour ? { flavourSetting: flavour } : {}) }, now);
      // Players connect with the address and password: a change is a new match.ready for its match.
      const active = repo.activeMatchOn(id);
      const connectChanged = (['host', 'port', 'serverPassword'] as const).some(
        (k) => k in patch && patch[k] !== before[k],
      );
      if (active && connectChanged) {
        deps.emitMatchEvent('match.ready', active);
      }
    })();
    const after = find(id);
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
    setImmediate(() => ctx.live.publish({ topic: 'server', serverId: id, removed: false }));
  const holds = createDemoHolds(ctx, repo, announce);
  const readBuild = createBuildReader(ctx, repo, (id, line) => rcon(find(id), line), announce);

  /** Waits for the plugin of `serverId` to deliver a test event. */
  function nextTestEvent(serverId: string, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiters = testEventWaiters.get(serverId) ?? new Set();
      testEventWaiters.set(serverId, waiters);
      const arrived = () => {
        clearTimeout(timer);
        waiters.delete(arrived);
        resolve(true);
      };
      const timer = setTimeout(() => {
        waiters.delete(arrived);
        resolve(false);
      }, timeoutMs);
      waiters.add(arrived);
    });
  }

  async function timed<T>(work: () => Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
    const started = performance.now();
    try {
      const value = await work();
      return { value, ms: Math.round(performance.now() - started) };
    } catch (error) {
      return { error, ms: Math.round(performance.now() - started) };
    }
  }

  return {
    list: () => {
      const all = repo.list();
      const newest = newestBuild(all);
      return all.map((s) => view(remember(s), newest));
    },
    get: (id: string) => view(find(id)),
    update: (id: string, patch: UpdateServer) => view(update(id, patch)),
    setup,

    async create(input: CreateServer): Promise<ServerView> {
      const now = ctx.clock.now();
      ctx.db.transaction(() => {
        if (repo.get(input.id)) {
          throw new AppError('ALREADY_EXISTS', 409, `A server with id "${input.id}" already exists.`);
        }
        const { flavour, ...rest } = input;
        repo.insert({ ...rest, flavourSetting: flavour }, now);
      })();
      return setup(input.id);
    },

    setEnabled: (id: string, enabled: boolean) => view(update(id, { enabled })),

    delete(id: string): void {
      stopWatch(id);
      if (!repo.delete(id)) {
        throw notFound(`Server "${id}"`);
      }
      ctx.rcon.forget(id);
      ctx.live.publish({ topic: 'server', serverId: id, removed: true });
    },

    /**
     * The bootstrap answer for a server whose current bootstrap token was presented. Only a fetch
     * addressed to Matchday's current address counts as the plugin having its settings: one sent to
     * an older stored URL leaves the setup waiting (and the URL is sent again).
     */
    bootstrap(
      id: string,
      tokenServerId: string | undefined,
      requestHost: string | undefined,
    ): { serverId: string; commands: string[] } {
      const server = find(id);
      if (tokenServerId !== id) {
        throw new AppError(
          'UNAUTHENTICATED',
          401,
          'The bootstrap token is stale or belongs to another server.',
        );
      }
      let reportToken = server.reportToken;
      if (!reportToken) {
        reportToken = newToken();
        ctx.secrets.add(reportToken);
      }
      const current = requestHost?.toLowerCase() === new URL(ctx.publicUrl).host.toLowerCase();
      repo.patchPluginState(id, {
        reportToken,
        ...(current ? { bootstrappedAt: ctx.clock.now() } : {}),
        lastSeenAt: ctx.clock.now(),
      });
      if (current) {
        stopWatch(id);
        announce(id);
      } else {
        ctx.logger.warn(
          { module: 'servers', server: id },
          `bootstrap fetched through ${requestHost ?? 'an unknown address'}, not ${ctx.publicUrl}: the plugin keeps an old URL`,
        );
      }
      const settings = deps.settings.read();
      return {
        serverId: id,
        commands: bootstrapCommands(server.flavour, {
          eventUrl: `${ctx.publicUrl}/api/events/${encodeURIComponent(id)}`,
          serverToken: ctx.serverToken,
          reportUrl: `${ctx.publicUrl}/api/events/report`,
          reportToken,
          demoRecording: settings.demoRecording,
        }),
      };
    },

    findByToken(kind: 'bootstrap' | 'report', token: string): string | undefined {
      const server = repo.byToken(token);
      if (!server) {
        return undefined;
      }
      return (kind === 'bootstrap' ? server.bootstrapToken : server.reportToken) === token
        ? server.id
        : undefined;
    },

    /** Records what the plugin told about itself; unknown servers are ignored (and said so). */
    notePlugin(id: string, patch: Partial<PluginState>): boolean {
      if (!repo.get(id)) {
        return false;
      }
      repo.patchPluginState(id, { ...patch, lastSeenAt: ctx.clock.now() });
      announce(id);
      return true;
    },

    /** The plugin's health report: the game build is read again (an update may have been installed). */
    noteHealth(id: string): void {
      void readBuild(id);
    },

    noteTestEvent(id: string): void {
      for (const arrived of [...(testEventWaiters.get(id) ?? [])]) {
        arrived();
      }
    },

    ...holds,

    /** The status convars read over RCON now, plus what the plugin last reported. */
    async status(id: string) {
      const server = find(id);
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
          repo.patchPluginState(id, { pluginStatus: status, lastSeenAt: ctx.clock.now() });
        }
        return {
          server: view(find(id)),
          live: {
            status,
            match: read(names.match) || null,
            nextMatch: read(names.nextMatch) || null,
            updated: Number.isInteger(updated) && updated > 0 ? updated : null,
          },
          rconError: null,
        };
      } catch (err) {
        return { server: view(find(id)), live: null, rconError: rconProblem(err) };
      }
    },

    /** Server test connectivity: RCON login, then a test event round trip through the plugin. */
    async test(id: string) {
      const server = find(id);
      const login = await timed(() => rcon(server, 'status'));
      if (login.error !== undefined) {
        return { ok: false, rcon: { ok: false, message: rconProblem(login.error), ms: login.ms } };
      }
      const rconCheck = { ok: true, message: 'RCON login works.', ms: login.ms };
      const roundTrip = await timed(async () => {
        const arrival = nextTestEvent(id, TEST_EVENT_TIMEOUT_MS);
        await rcon(server, 'css_testevent');
        return arrival;
      });
      const delivered = roundTrip.value === true;
      const plugin = {
        ok: delivered,
        ms: roundTrip.ms,
        message: delivered
          ? 'The plugin delivered a test event to Matchday.'
          : roundTrip.error !== undefined
            ? rconProblem(roundTrip.error)
            : `No test event arrived within ${TEST_EVENT_TIMEOUT_MS / 1000} s: check that the plugin is installed and was set up (POST /api/servers/${id}/setup), and that the server can reach ${ctx.publicUrl}.`,
      };
      return { ok: delivered, rcon: rconCheck, plugin };
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
    stop(): void {
      for (const id of [...bootstrapWatches.keys()]) {
        stopWatch(id);
      }
    },

    /** Runs a console line on a server (admin controls and loading matches use it). */
    run: (id: string, line: string) => rcon(find(id), line),
    record: find,
  };
}

export type ServersService = ReturnType<typeof createServersService>;
