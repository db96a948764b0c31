import type { AppContext } from '../../context.js';
import { rconProblem } from './rcon-problem.js';
import type { ServerRecord, ServersRepo } from './repo.js';

/** How long the plugin may take to answer `css_testevent` with a test event. */
const TEST_EVENT_TIMEOUT_MS = 5_000;
/** How often a waiting connection test reads the count (the plugin may have reached another instance). */
const TEST_EVENT_POLL_MS = 250;

/** How long `work` took, with its value or its error. */
export async function timed<T>(work: () => Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const started = performance.now();
  try {
    const value = await work();
    return { value, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { error, ms: Math.round(performance.now() - started) };
  }
}

/**
 * The plugin's test events: counted per server (so a test sees one that reached another instance of a
 * cluster) and waited for by the connection test and the preflight.
 */
export function createTestEvents(
  ctx: Pick<AppContext, 'sql' | 'publicUrl'>,
  repo: Pick<ServersRepo, 'testEvents' | 'countTestEvent'>,
  rcon: (server: ServerRecord, line: string) => Promise<string>,
) {
  const waiters = new Map<string, Set<() => void>>();

  /**
   * Waits for the plugin of `serverId` to deliver a test event after the `seen` counted ones: told at
   * once by this instance, or read from the count when the plugin reached another instance.
   */
  function next(serverId: string, seen: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiting = waiters.get(serverId) ?? new Set();
      waiters.set(serverId, waiting);
      const settle = (arrived: boolean) => {
        clearTimeout(timer);
        clearInterval(poll);
        waiting.delete(wake);
        resolve(arrived);
      };
      const wake = () => settle(true);
      const timer = setTimeout(() => settle(false), TEST_EVENT_TIMEOUT_MS);
      const poll = setInterval(() => {
        repo.testEvents(serverId).then(
          (count) => count > seen && settle(true),
          () => undefined,
        );
      }, TEST_EVENT_POLL_MS);
      waiting.add(wake);
    });
  }

  return {
    /** `css_testevent`, and whether its event reached Matchday in time. */
    async roundTrip(server: ServerRecord) {
      const roundTrip = await timed(async () => {
        const arrival = next(server.id, await repo.testEvents(server.id));
        await rcon(server, 'css_testevent');
        return arrival;
      });
      const delivered = roundTrip.value === true;
      return {
        ok: delivered,
        ms: roundTrip.ms,
        message: delivered
          ? 'The plugin delivered a test event to Matchday.'
          : roundTrip.error !== undefined
            ? rconProblem(roundTrip.error)
            : `No test event arrived within ${TEST_EVENT_TIMEOUT_MS / 1000} s: check that the plugin is installed and was set up (POST /api/servers/${server.id}/setup), and that the server can reach ${ctx.publicUrl}.`,
      };
    },

    /** Counts the plugin's test event (inside the event's transaction) and wakes who waits here. */
    async note(id: string): Promise<void> {
      await repo.countTestEvent(id);
      ctx.sql.afterCommit(() => [...(waiters.get(id) ?? [])].forEach((wake) => wake()));
    },
  };
}
