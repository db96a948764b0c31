import type { Logger } from 'pino';
import type { createLeasesRepo } from './repo.js';

/** API.md decision 69: renewed every 2 s, expiring after 10 s. */
export const LEASE_TTL_MS = 10_000;
export const LEASE_RENEW_MS = 2_000;
const LEADER_LEASE = 'leader';

export interface LeaderDeps {
  /** SQLite: this process owns the data file, so it leads from the start without a lease. */
  alone: boolean;
  repo: ReturnType<typeof createLeasesRepo>;
  /** This process: what the lease row and `GET /health` name. */
  instance: string;
  nowMs: () => number;
  logger: Logger;
  /** Called when this instance becomes the leader, and when it stops being one. */
  onChange: (leading: boolean) => void;
}

/**
 * The leader lease: the one instance that runs the background work (allocation, webhook delivery,
 * holds, recovery, snapshots). An instance that cannot renew in time stops leading before its lease
 * can expire, so two leaders never overlap by more than one renewal's database round trip.
 */
export function createLeader(deps: LeaderDeps) {
  let leading = false;
  let timer: NodeJS.Timeout | undefined;
  let renewing: Promise<void> | undefined;
  const log = deps.logger.child({ module: 'cluster' });

  function set(next: boolean): void {
    if (next !== leading) {
      leading = next;
      log.info({ instance: deps.instance }, next ? 'this instance leads' : 'this instance no longer leads');
      deps.onChange(next);
    }
  }

  async function renew(): Promise<void> {
    const started = deps.nowMs();
    let held = false;
    try {
      held = await deps.repo.take(LEADER_LEASE, deps.instance, started + LEASE_TTL_MS, started);
    } catch (err) {
      log.warn({ err }, 'the leader lease could not be renewed');
    }
    // A renewal that took longer than the lease leaves has no lease worth trusting.
    set(held && deps.nowMs() - started < LEASE_TTL_MS - LEASE_RENEW_MS);
  }

  const tick = () => {
    renewing ??= renew().finally(() => (renewing = undefined));
  };

  return {
    get leading() {
      return leading;
    },
    /** Takes the lease if free and keeps renewing it; resolves after the first try. */
    async start(): Promise<void> {
      if (deps.alone) {
        set(true);
        return;
      }
      tick();
      await renewing;
      timer = setInterval(tick, LEASE_RENEW_MS);
      timer.unref();
    },
    /** Stops renewing and hands the lease back, so another instance leads at once. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await renewing;
      if (leading) {
        set(false);
        if (!deps.alone) {
          await deps.repo.release(LEADER_LEASE, deps.instance).catch(() => undefined);
        }
      }
    },
  };
}

export type Leader = ReturnType<typeof createLeader>;
