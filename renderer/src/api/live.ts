import type { LiveMessage } from '../../../shared/contracts/live.js';

/**
 * `reconnecting`: the link dropped and the browser is reconnecting; `paused`: the server answered
 * without a stream (at its viewer limit, restarting, a proxy's error) and a new attempt is due.
 */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'paused';

export interface LiveHandlers {
  message(message: LiveMessage): void;
  status(status: LiveStatus): void;
}

const listeners = new Set<(message: LiveMessage) => void>();

/**
 * Calls `listener` with every message of every open live stream (data hooks load again on the ones
 * that concern them); returns the function that stops it.
 */
export function onLiveMessage(listener: (message: LiveMessage) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Longest wait between attempts once the browser gave up by itself (a proxy's 502, a restart). */
const MAX_BACKOFF_MS = 10_000;

/**
 * One live stream. The browser's EventSource reconnects by itself with Last-Event-ID; when it gives
 * up (an answer that is not a stream, such as the 503 of a server at its viewer limit), a new one is
 * opened with `?lastEventId=` after a backoff, so the server still replays what was missed. The
 * backoff is spread, so the browsers a full server refused do not all come back at once.
 */
export class LiveConnection {
  private source: EventSource | null = null;
  private lastId: string | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly path: string,
    private readonly handlers: LiveHandlers,
  ) {
    this.open();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.source?.close();
  }

  private open(): void {
    const url =
      this.lastId === null ? this.path : `${this.path}?lastEventId=${encodeURIComponent(this.lastId)}`;
    const source = new EventSource(url);
    this.source = source;
    source.onopen = () => {
      this.failures = 0;
      this.handlers.status('open');
    };
    source.onmessage = (event: MessageEvent<string>) => {
      if (event.lastEventId) {
        this.lastId = event.lastEventId;
      }
      // The server validates what it sends; a topic this build does not know is skipped by the store.
      const message = JSON.parse(event.data) as LiveMessage;
      this.handlers.message(message);
      listeners.forEach((listener) => listener(message));
    };
    source.onerror = () => {
      if (this.closed) {
        return;
      }
      if (source.readyState !== EventSource.CLOSED) {
        this.handlers.status('reconnecting');
        return;
      }
      this.handlers.status('paused');
      this.failures += 1;
      const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(this.failures, 5));
      this.retryTimer = setTimeout(() => this.open(), delay * (0.5 + Math.random()));
    };
  }
}
