import { createFailureLimiter, retryAfterSeconds } from '../../auth/rate-limit.js';
import type { AppContext } from '../../context.js';

/** A failure limiter every instance agrees on: in the database on PostgreSQL, in memory on SQLite. */
export interface SharedFailureLimiter {
  retryAfter(address: string): Promise<number>;
  recordFailure(address: string): Promise<void>;
}

export function createSharedFailureLimiter(
  ctx: AppContext,
  options: { scope: string; maxFailures: number; windowSeconds: number; now: () => number },
): SharedFailureLimiter {
  if (ctx.sql.dialect === 'sqlite') {
    // One process owns the SQLite file: memory is shared enough and keeps today's behaviour.
    const memory = createFailureLimiter(options);
    return {
      retryAfter: (address) => Promise.resolve(memory.retryAfter(address)),
      recordFailure: (address) => Promise.resolve(memory.recordFailure(address)),
    };
  }
  const repo = ctx.repos.signInFailures;
  const windowStart = () => options.now() - options.windowSeconds;
  return {
    async retryAfter(address) {
      return retryAfterSeconds(await repo.recentOf(options.scope, address, windowStart()), options);
    },
    async recordFailure(address) {
      await repo.record(options.scope, address, options.now(), windowStart());
    },
  };
}
