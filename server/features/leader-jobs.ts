import type { AppContext } from '../context.js';
import type { Services } from './index.js';
import { startJoinClockJob } from './join-clock/index.js';

/** How often stored deadlines (demo holds, loads the last leader sent) are checked; at start too. */
const DEADLINE_SWEEP_MS = 5_000;

/** How often the attention queue looks for causes that appeared or went (a paused match, a missing demo). */
const ATTENTION_SWEEP_MS = 5_000;

/** How often waiting matches are matched with free servers (a freed server is used within this time). */
const ALLOCATION_TICK_MS = 1_000;

/** How often a planned automatic start is checked (API.md decision 75). */
const AUTO_START_TICK_MS = 1_000;

/** How often ETAs are re-estimated while nothing changes (API.md decision 43: at least every 60 s). */
const ETA_REFRESH_MS = 60_000;

/**
 * Background work, done by one instance for all (API.md decision 69): started when this instance
 * becomes the leader, stopped when it no longer is; stored deadlines make it safe across restarts.
 * On SQLite the one instance always leads.
 */
export function startLeaderJobs(
  services: Services,
  ctx: Pick<AppContext, 'live' | 'logger'>,
): { stop(): void } {
  const log = ctx.logger.child({ module: 'jobs' });
  services.allocation.start();
  const sweepDeadlines = () => {
    services.servers
      .releaseExpiredHolds()
      .catch((err: unknown) => log.error({ err }, 'releasing expired holds failed'));
    services.allocation
      .sweepInheritedLoads()
      .catch((err: unknown) => log.error({ err }, 'checking the loads the last leader sent failed'));
  };
  sweepDeadlines();
  services.servers
    .resumeBootstrapWatches()
    .catch((err: unknown) => log.error({ err }, 'resuming the bootstrap watches failed'));
  // Matches loaded or live when the last leader stopped are reconciled with their servers.
  services.recovery.recoverAtStart();
  const sweep = setInterval(sweepDeadlines, DEADLINE_SWEEP_MS);
  sweep.unref();
  services.webhooks.dispatcher.start();
  services.allocation.setLeading(true);
  const allocate = setInterval(() => void services.allocation.kick(), ALLOCATION_TICK_MS);
  allocate.unref();
  services.backup.startSchedule();
  services.attention.start(ATTENTION_SWEEP_MS);
  const stopFailover = services.failover.start();
  const joinClock = startJoinClockJob(services.joinClock, log);
  const autoStart = setInterval(() => {
    services.tournament.timetable
      .autoStart()
      .catch((err: unknown) => log.error({ err }, 'the automatic start check failed'));
  }, AUTO_START_TICK_MS);
  autoStart.unref();
  ctx.live.refreshEtas();
  const etas = setInterval(() => ctx.live.refreshEtas(), ETA_REFRESH_MS);
  etas.unref();
  return {
    stop: () => {
      clearInterval(etas);
      clearInterval(sweep);
      services.webhooks.dispatcher.stop();
      clearInterval(allocate);
      services.allocation.setLeading(false);
      clearInterval(autoStart);
      services.allocation.stop();
      services.backup.stopSchedule();
      services.attention.stop();
      stopFailover();
      joinClock.stop();
    },
  };
}
