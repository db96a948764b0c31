/**
 * Counts failed attempts per key (an address) in a sliding window; only failures count, so a person who
 * signs in right is never slowed down. In memory: a restart forgets, which is fine for a LAN party (the
 * SQLite file); instances on one PostgreSQL database count in it instead (features/auth/shared-limiter.ts).
 */
export interface FailureLimiter {
  /** Seconds to wait before trying again, or 0 when the key may try now. */
  retryAfter(key: string): number;
  recordFailure(key: string): void;
}

/** Keys remembered at most; the oldest is dropped first, so a flood of addresses cannot grow memory. */
const MAX_KEYS = 10_000;

export function createFailureLimiter(options: {
  maxFailures: number;
  windowSeconds: number;
  now: () => number;
}): FailureLimiter {
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const since = options.now() - options.windowSeconds;
    const times = (failures.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) {
      failures.delete(key);
    } else {
      failures.set(key, times);
    }
    return times;
  }

  return {
    retryAfter(key) {
      return retryAfterSeconds(recent(key), options);
    },
    recordFailure(key) {
      const times = recent(key);
      times.push(options.now());
      failures.delete(key);
      failures.set(key, times);
      if (failures.size > MAX_KEYS) {
        failures.delete(failures.keys().next().value!);
      }
    },
  };
}

/** Seconds to wait given the failures still in the window (oldest first); 0 below the limit. */
export function retryAfterSeconds(
  times: readonly number[],
  options: { maxFailures: number; windowSeconds: number; now: () => number },
): number {
  if (times.length < options.maxFailures) {
    return 0;
  }
  // Free again once the oldest failure that keeps the count at the limit leaves the window.
  const oldest = times[times.length - options.maxFailures]!;
  return Math.max(1, oldest + options.windowSeconds - options.now());
}
