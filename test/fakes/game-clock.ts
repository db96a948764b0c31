/** Thrown from a sleep when its signal fires: the flow that slept was cancelled. */
export class FlowCancelled extends Error {
  constructor() {
    super('Flow cancelled');
  }
}

interface Timer {
  due: number;
  fire: () => void;
}

/**
 * Game time on a scaled clock: `msPerGameSecond` real milliseconds per game second (1000 is real
 * time; 0.01 plays a bo3 in a fraction of a second).
 *
 * At such scales a microsecond of JavaScript or a loopback HTTP exchange would be many game
 * seconds and shuffle events the plugin sends seconds apart. So game time is virtual:
 * - it stands still within a turn of the event loop, and while the plugin waits on a short HTTP
 *   exchange (`holding`);
 * - between turns it follows the scaled wall clock, never past the earliest sleeper's due time;
 * - sleepers wake strictly in due order, the clock jumping to each one's due time.
 * So what a woken flow does next happens at the very game time it woke at, whatever the machine.
 * Unix timestamps in payloads come from `unixNow`, the wall clock unless a test injects one.
 */
export class GameClock {
  private virtualNow = 0;
  /** Real time since when game time follows the wall clock; null while it stands still. */
  private runningSince: number | null = null;
  private holds = 0;
  private timers: Timer[] = [];
  private cancelWait: (() => void) | null = null;
  private startPending = false;

  /** The game's `host_timescale`: game time runs this many times faster than at 1. */
  private timescale = 1;

  /** The wall clock when this clock was made: game Unix times count from it. */
  private readonly createdAtMs: number;

  constructor(
    private readonly baseMsPerGameSecond: number,
    private readonly wallClockMs: () => number = Date.now,
  ) {
    this.createdAtMs = wallClockMs();
    this.startRunningSoon();
  }

  /** Real milliseconds per game second at the current timescale. */
  get msPerGameSecond(): number {
    return this.baseMsPerGameSecond / this.timescale;
  }

  /** Changes the pace from now on; game time already passed stays. */
  setTimescale(timescale: number): void {
    if (timescale === this.timescale) {
      return;
    }
    this.standStill();
    this.timescale = timescale;
    this.startRunningSoon();
  }

  /** Game seconds since the clock was made. */
  gameSeconds(): number {
    if (this.runningSince === null) {
      return this.virtualNow;
    }
    const elapsed = (performance.now() - this.runningSince) / this.msPerGameSecond;
    return Math.min(this.virtualNow + elapsed, this.timers[0]?.due ?? Infinity);
  }

  unixNow(): number {
    return Math.floor(this.wallClockMs() / 1000);
  }

  /**
   * Unix seconds as the game lived them: the wall clock when the clock was made plus game seconds. Two
   * moments seconds apart in the game get different times however fast the clock runs, as on a real
   * server; the wall clock alone would give two pauses of a fast match the same `pause_time`.
   */
  gameUnixNow(): number {
    return Math.floor(this.createdAtMs / 1000 + this.gameSeconds());
  }

  toRealMs(gameSeconds: number): number {
    return gameSeconds * this.msPerGameSecond;
  }

  /** Waits game seconds; rejects with FlowCancelled when the signal fires. */
  sleep(gameSeconds: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) {
      return Promise.reject(new FlowCancelled());
    }
    this.standStill();
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.standStill();
        this.timers = this.timers.filter((candidate) => candidate !== timer);
        this.startRunningSoon();
        reject(new FlowCancelled());
      };
      const timer: Timer = {
        due: this.virtualNow + Math.max(0, gameSeconds),
        fire: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const index = this.timers.findIndex((other) => other.due > timer.due);
      this.timers.splice(index === -1 ? this.timers.length : index, 0, timer);
      this.startRunningSoon();
    });
  }

  /** Runs a short HTTP exchange with game time standing still. */
  async holding<T>(work: () => Promise<T>): Promise<T> {
    this.standStill();
    this.holds += 1;
    try {
      return await work();
    } finally {
      this.holds -= 1;
      this.startRunningSoon();
    }
  }

  /** Freezes game time where it is now. */
  private standStill(): void {
    this.virtualNow = this.gameSeconds();
    this.runningSince = null;
    this.cancelWait?.();
    this.cancelWait = null;
  }

  /** Lets time run again from the next turn, so the current turn's work takes no game time. */
  private startRunningSoon(): void {
    if (this.startPending) {
      return;
    }
    this.startPending = true;
    setImmediate(() => {
      this.startPending = false;
      this.run();
    });
  }

  private run(): void {
    if (this.holds > 0 || this.runningSince !== null) {
      return;
    }
    this.runningSince = performance.now();
    const first = this.timers[0];
    if (!first) {
      return;
    }
    const waitMs = (first.due - this.virtualNow) * this.msPerGameSecond;
    // Below a millisecond a timer would round up to 1 ms: the next turn will do.
    if (waitMs >= 1) {
      const handle = setTimeout(() => this.wake(), waitMs);
      this.cancelWait = () => clearTimeout(handle);
    } else {
      const handle = setImmediate(() => this.wake());
      this.cancelWait = () => clearImmediate(handle);
    }
  }

  /** Wakes the earliest sleeper at its due time. */
  private wake(): void {
    this.cancelWait = null;
    const first = this.timers.shift();
    this.runningSince = null;
    if (first) {
      this.virtualNow = Math.max(this.virtualNow, first.due);
      first.fire();
    }
    this.startRunningSoon();
  }
}

/** Waits real milliseconds (for loops that must not follow the game clock's pace). */
export function sleepRealMs(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) {
    return Promise.reject(new FlowCancelled());
  }
  return new Promise((resolve, reject) => {
    const handle = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(handle);
      reject(new FlowCancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs a cancellable flow, swallowing its cancellation. */
export async function untilCancelled(flow: () => Promise<void>): Promise<void> {
  try {
    await flow();
  } catch (error) {
    if (!(error instanceof FlowCancelled)) {
      throw error;
    }
  }
}

/** Waits for `promise` (nothing to wait for when absent); rejects with FlowCancelled when the signal fires. */
export function settledOrCancelled(
  promise: Promise<unknown> | undefined,
  signal: AbortSignal,
): Promise<void> {
  if (!promise) {
    return Promise.resolve();
  }
  if (signal.aborted) {
    return Promise.reject(new FlowCancelled());
  }
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(new FlowCancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = (): void => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    promise.then(settle, settle);
  });
}
