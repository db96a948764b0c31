import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import type { CreateServer, UpdateServer } from '../../../shared/contracts/servers.js';
import { serverAvailability, type Availability } from '../../../shared/domain/server-availability.js';
import type { RconTarget } from '../../integrations/rcon/connection.js';
import type { SettingsService } from '../settings/index.js';
import type { EmitMatchEvent } from '../webhooks/index.js';
import { createDemoHolds } from './demo-holds.js';
import { createServerDiagnostics } from './diagnostics.js';
import type { PluginState, ServerRecord } from './repo.js';
import { createServerSetup } from './setup.js';

export type { ServerRecord };

export interface ServerView extends ServerRecord {
  availability: Availability & { activeMatch: string | null };
  /** Set up, and the plugin has not fetched its settings yet. */
  waitingForBootstrap: boolean;
}

/** What every step of a server's way shares: its record, view, RCON line and live announcement. */
export interface ServerCore {
  find(id: string): ServerRecord;
  view(server: ServerRecord): ServerView;
  /** Passwords and tokens read from the database are secrets the logger must scrub too. */
  remember(server: ServerRecord): ServerRecord;
  /** Runs a console line on a server over its kept-open RCON connection. */
  rcon(server: ServerRecord, line: string): Promise<string>;
  /** Server pages follow status, warnings and holds live (after the change committed). */
  announce(id: string): void;
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

  function find(id: string): ServerRecord {
    const server = repo.get(id);
    if (!server) {
      throw notFound(`Server "${id}"`);
    }
    return remember(server);
  }

  function view(server: ServerRecord): ServerView {
    const activeMatch = repo.activeMatchOn(server.id) ?? null;
    return {
      ...server,
      availability: { ...serverAvailability(server, activeMatch, ctx.clock.now()), activeMatch },
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

  const core = { find, view, remember, rcon, announce };
  const { setup, stopWatch, stopAll, bootstrap } = createServerSetup(ctx, deps, core);

  return {
    ...createDemoHolds(ctx, core),
    ...createServerDiagnostics(ctx, core),
    bootstrap,
    list: () => repo.list().map((s) => view(remember(s))),
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

    /** Stops the bootstrap watches (the app is closing). */
    stop: stopAll,

    /** Runs a console line on a server (admin controls and loading matches use it). */
    run: (id: string, line: string) => rcon(find(id), line),
    record: find,
  };
}

export type ServersService = ReturnType<typeof createServersService>;
