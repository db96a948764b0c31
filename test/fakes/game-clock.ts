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
 * seconds and shuffle events the plugin sends seconds apart. So game time is virtual: it moves
 * only when a sleeper wakes (to that sleeper's due time, sleepers waking strictly in due order),
 * stands still while the plugin waits on a short HTTP exchange (`holding`), and follows the scaled
 * wall clock only while nothing sleeps (an admin pause, an idle server).
 * Unix timestamps in payloads come from `unixNow`, the wall clock unless a test injects one.
 */
export class GameClock {
  private virtualNow = 0;
  /** Real time since when nothing sleeps and nothing holds; game time then follows the wall clock. */
  private idleSince: number | null = performance.now();
  private holds = 0;
  private timers: Timer[] = [];
  private cancelTick: (() => void) | null = null;

  constructor(
    readonly msPerGameSecond: number,
    private readonly wallClockMs: () => number = Date.now,
  ) {}

  /** Game seconds since the clock was made. */
  gameSeconds(): number {
    const idle = this.idleSince === null ? 0 : (performance.now() - this.idleSince) / this.msPerGameSecond;
    return this.virtualNow + idle;
  }

  unixNow(): number {
    return Math.floor(this.wallClockMs() / 1000);
  }

  toRealMs(gameSeconds: number): number {
    return gameSeconds * this.msPerGameSecond;
  }

  /** Waits game seconds; rejects with FlowCancelled when the signal fires. */
  sleep(gameSeconds: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) {
      return Promise.reject(new FlowCancelled());
    }
    this.leaveIdle();
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.timers = this.timers.filter((candidate) => candidate !== timer);
        this.schedule();
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
      this.schedule();
    });
  }

  /** Runs a short HTTP exchange with game time standing still. */
  async holding<T>(work: () => Promise<T>): Promise<T> {
    this.leaveIdle();
    this.holds += 1;
    this.schedule();
    try {
      return await work();
    } finally {
      this.holds -= 1;
      this.schedule();
    }
  }

  private leaveIdle(): void {
    this.virtualNow = this.gameSeconds();
    this.idleSince = null;
  }

  private schedule(): void {
    this.cancelTick?.();
    this.cancelTick = null;
    if (this.holds > 0) {
      return;
    }
    const first = this.timers[0];
    if (!first) {
      this.idleSince ??= performance.now();
      return;
    }
    const waitMs = (first.due - this.virtualNow) * this.msPerGameSecond;
    if (waitMs >= 1) {
      const handle = setTimeout(() => this.tick(), waitMs);
      this.cancelTick = () => clearTimeout(handle);
    } else {
      // A macrotask turn: whatever the last woken flow started (a hold, a sleep) is in place first.
      const handle = setImmediate(() => this.tick());
      this.cancelTick = () => clearImmediate(handle);
    }
  }

  /** Wakes the earliest sleeper, moving game time to its due time. */
  private tick(): void {
    this.cancelTick = null;
    const first = this.timers.shift();
    if (first) {
      this.virtualNow = Math.max(this.virtualNow, first.due);
      first.fire();
    }
    this.schedule();
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
