import type { Logger } from 'pino';
import type { JoinClockService } from './service.js';

/** How often stored join deadlines are checked (a deadline is acted on within this time). */
const JOIN_SWEEP_MS = 5_000;

/** The leader's check of the join deadlines (API.md decision 59), at once and then on a timer. */
export function startJoinClockJob(clock: Pick<JoinClockService, 'sweep'>, log: Logger): { stop(): void } {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= clock
      .sweep()
      .catch((err: unknown) => log.error({ err }, 'the join clock sweep failed'))
      .finally(() => (running = undefined));
  };
  tick();
  const timer = setInterval(tick, JOIN_SWEEP_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
