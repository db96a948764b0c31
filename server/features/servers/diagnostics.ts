import type { AppContext } from '../../context.js';
import { readConvar, statusConvars } from '../../integrations/plugin/commands.js';
import { RconConnection, type RconTarget } from '../../integrations/rcon/connection.js';
import { rconProblem } from './setup.js';
import type { ServerCore } from './service.js';

const RCON_TEST_TIMEOUT_MS = 5_000;
/** How long the plugin may take to answer `css_testevent` with a test event. */
const TEST_EVENT_TIMEOUT_MS = 5_000;

/** What the admin checks of a server: its status convars, RCON login and a test event round trip. */
export function createServerDiagnostics(
  ctx: Pick<AppContext, 'repos' | 'clock' | 'publicUrl'>,
  core: ServerCore,
) {
  const repo = ctx.repos.servers;
  const { find, view, rcon } = core;
  const testEventWaiters = new Map<string, Set<() => void>>();

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
    noteTestEvent(id: string): void {
      for (const arrived of [...(testEventWaiters.get(id) ?? [])]) {
        arrived();
      }
    },

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
  };
}
