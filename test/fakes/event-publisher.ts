import { toDotnetJson } from './dotnet-json.js';
import type { JsonObject } from './dotnet-json.js';
import { FlowCancelled, untilCancelled } from './game-clock.js';
import type { GameClock } from './game-clock.js';
import { isSuccess, sendRequest } from './http-out.js';

/** Event names, or a predicate over the event name and payload. */
export type EventMatcher = readonly string[] | ((name: string, payload: JsonObject) => boolean);

/** Delivery faults for the first attempt of an event (retries are never faulted). */
export interface EventDeliveryFaults {
  /** Fails like a connection error before anything is sent: the event goes to the retry queue. */
  unreachable?: EventMatcher;
  /** Sent twice, byte-identical, as when a 2xx is lost in transit. */
  duplicate?: EventMatcher;
  /** Sent this many game seconds late, so later events overtake it. */
  late?: { events: EventMatcher; seconds: number };
}

/** One POST of an event, first attempt or retry. */
export interface EventAttempt {
  name: string;
  /** Exactly the bytes sent. */
  body: string;
  payload: JsonObject;
  url: string;
  headers: Record<string, string>;
  /** 0 for the first attempt, n for retry n. */
  attempt: number;
  /** HTTP status, or `error` for a connection failure. */
  outcome: number | 'error';
}

export interface EventSettings {
  url: string;
  headerKey: string;
  headerValue: string;
  enabled: boolean;
  retryIntervalSeconds: number;
}

interface QueuedEvent {
  name: string;
  body: string;
  payload: JsonObject;
  retries: number;
  dueAt: number;
  state: 'pending' | 'failed';
}

export interface EventPublisherDeps {
  clock: GameClock;
  settings: () => EventSettings;
  onAttempt: (attempt: EventAttempt) => void;
  /** URL prefixes the server cannot reach: a post there fails as an exception and is queued for retry. */
  unreachable: readonly string[];
}

// The retry schedule and batch (MatchZy-Enhanced 1.4.21 src/PublishEvents.cs ProcessEventRetryQueue,
// src/DatabaseStats.cs GetPendingEvents, MarkEventRetry).
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRIES = 20;
const MAX_BACKOFF_SECONDS = 1920;
const BATCH_SIZE = 50;
const SECONDS_BETWEEN_RETRIES = 0.1;
/** Keeps a zero interval from waking the worker on every turn. */
const MIN_RETRY_INTERVAL_SECONDS = 0.1;

/**
 * Sends events one POST each and keeps the plugin's retry queue (PROTOCOL.md 3.1, 3.1.1). The queue
 * lives in the plugin database, so it outlives a server restart. Nothing in a delivery tells a retry
 * from a first attempt, or a repeat of the same fact from a retry: no id, no sequence, no header
 * (MatchZy-Enhanced 1.4.21 src/PublishEvents.cs SendEventAsync, ProcessEventRetryQueue; src/Events.cs).
 */
export class EventPublisher {
  faults: EventDeliveryFaults = {};
  private queue: QueuedEvent[] = [];
  private readonly detached = new Set<Promise<void>>();
  private wakeWorker: () => void = () => {};

  constructor(private readonly deps: EventPublisherDeps) {}

  /** Serialises now and sends; resolves once the first attempt is over (or handed to a late send). */
  async publish(payload: JsonObject, signal: AbortSignal): Promise<void> {
    const settings = this.deps.settings();
    // Not queued either: lost for good (src/PublishEvents.cs SendEventAsync checks before sending).
    if (!settings.enabled || !settings.url) {
      return;
    }
    const name = String(payload.event);
    const body = toDotnetJson(payload);
    const late = this.faults.late;
    if (late && matches(late.events, name, payload)) {
      this.track(
        untilCancelled(async () => {
          await this.deps.clock.sleep(late.seconds, signal);
          await this.firstAttempt(name, body, payload, signal);
        }),
      );
      return;
    }
    await this.firstAttempt(name, body, payload, signal);
  }

  /** Resolves when late sends have gone out. */
  async settled(): Promise<void> {
    while (this.detached.size > 0) {
      await Promise.all(this.detached);
    }
  }

  /** The retry worker: wakes every retry interval while something is queued. */
  async runRetryWorker(signal: AbortSignal): Promise<void> {
    await untilCancelled(async () => {
      for (;;) {
        if (!this.queue.some((event) => event.state === 'pending')) {
          await this.nextEnqueue(signal);
        }
        const interval = Math.max(MIN_RETRY_INTERVAL_SECONDS, this.deps.settings().retryIntervalSeconds);
        await this.deps.clock.sleep(interval, signal);
        await this.retryDue(signal);
      }
    });
  }

  /** `plugin_get_pending_events`: counts only events due now with retries left. */
  describePending(): string {
    const due = this.dueEvents();
    const lines = ['Event queue status:', `  Pending events: ${due.length}`];
    if (due.length > 0) {
      const counts = new Map<string, number>();
      for (const event of due) {
        counts.set(event.name, (counts.get(event.name) ?? 0) + 1);
      }
      lines.push('  Breakdown:', ...[...counts].map(([name, count]) => `    - ${name}: ${count}`));
    }
    return lines.join('\n');
  }

  /** `plugin_clear_event_queue`. */
  clear(): string {
    const count = this.queue.length;
    this.queue = [];
    return count > 0
      ? `Cleared ${count} pending/failed events from queue.`
      : 'No pending/failed events to clear.';
  }

  /** Setting a different remote log URL drops every queued event (Appendix B.15). */
  dropQueue(): void {
    this.queue = [];
  }

  get queuedCount(): number {
    return this.queue.length;
  }

  private async firstAttempt(
    name: string,
    body: string,
    payload: JsonObject,
    signal: AbortSignal,
  ): Promise<void> {
    const unreachable = this.faults.unreachable && matches(this.faults.unreachable, name, payload);
    const delivered = unreachable
      ? this.recordUnreachable(name, body, payload)
      : await this.post(name, body, payload, 0, signal);
    if (this.faults.duplicate && matches(this.faults.duplicate, name, payload)) {
      await this.post(name, body, payload, 0, signal);
    }
    // The queue keeps the serialised body: every retry re-sends these exact bytes (src/PublishEvents.cs
    // SendEventAsync queues `jsonString`; ProcessEventRetryQueue posts `evt.event_data`).
    if (!delivered) {
      this.queue.push({
        name,
        body,
        payload,
        retries: 0,
        dueAt: this.deps.clock.gameSeconds() + FIRST_RETRY_SECONDS,
        state: 'pending',
      });
      this.wakeWorker();
    }
  }

  private async retryDue(signal: AbortSignal): Promise<void> {
    const settings = this.deps.settings();
    if (!settings.enabled || !settings.url) {
      return;
    }
    for (const event of this.dueEvents().slice(0, BATCH_SIZE)) {
      const delivered = await this.post(event.name, event.body, event.payload, event.retries + 1, signal);
      if (delivered) {
        this.queue = this.queue.filter((queued) => queued !== event);
      } else {
        event.retries += 1;
        event.state = event.retries >= MAX_RETRIES ? 'failed' : 'pending';
        const backoff = Math.min(FIRST_RETRY_SECONDS * 2 ** event.retries, MAX_BACKOFF_SECONDS);
        event.dueAt = this.deps.clock.gameSeconds() + backoff;
      }
      await this.deps.clock.sleep(SECONDS_BETWEEN_RETRIES, signal);
    }
  }

  private dueEvents(): QueuedEvent[] {
    const now = this.deps.clock.gameSeconds();
    return this.queue.filter((event) => event.state === 'pending' && event.dueAt <= now);
  }

  private nextEnqueue(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = (): void => reject(new FlowCancelled());
      this.wakeWorker = () => {
        signal.removeEventListener('abort', onAbort);
        this.wakeWorker = () => {};
        resolve();
      };
      if (signal.aborted) {
        onAbort();
      } else {
        signal.addEventListener('abort', onAbort, { once: true });
      }
    });
  }

  /**
   * POSTs with the current URL and header, a fresh client per call; true on any 2xx, anything else is
   * retried (src/PublishEvents.cs: IsSuccessStatusCode).
   */
  private async post(
    name: string,
    body: string,
    payload: JsonObject,
    attempt: number,
    signal: AbortSignal,
  ): Promise<boolean> {
    const settings = this.deps.settings();
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
    if (settings.headerKey && settings.headerValue) {
      headers[settings.headerKey] = settings.headerValue;
    }
    let outcome: number | 'error';
    try {
      const request = {
        method: 'POST',
        url: settings.url,
        headers,
        body,
        timeoutMs: 100_000,
        signal,
        unreachable: this.deps.unreachable,
      } as const;
      outcome = (await this.deps.clock.holding(() => sendRequest(request))).status;
    } catch {
      outcome = 'error';
    }
    this.deps.onAttempt({ name, body, payload, url: settings.url, headers, attempt, outcome });
    return outcome !== 'error' && isSuccess(outcome);
  }

  private recordUnreachable(name: string, body: string, payload: JsonObject): false {
    const settings = this.deps.settings();
    this.deps.onAttempt({
      name,
      body,
      payload,
      url: settings.url,
      headers: {},
      attempt: 0,
      outcome: 'error',
    });
    return false;
  }

  private track(task: Promise<void>): void {
    this.detached.add(task);
    const forget = (): void => {
      this.detached.delete(task);
    };
    task.then(forget, forget);
  }
}

function matches(matcher: EventMatcher, name: string, payload: JsonObject): boolean {
  return typeof matcher === 'function' ? matcher(name, payload) : matcher.includes(name);
}
