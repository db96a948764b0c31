import type { LiveMessage } from '../../shared/contracts/live.js';
import { waitFor } from './wait.js';

export interface SseEvent {
  id?: string;
  message: LiveMessage;
}

/** A live-stream reader over real HTTP: parses frames as a browser does and keeps comments apart. */
export class SseReader {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  status = 0;
  contentType = '';
  private readonly abort = new AbortController();

  private constructor() {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
    const reader = new SseReader();
    const res = await fetch(url, { headers, signal: reader.abort.signal });
    reader.status = res.status;
    reader.contentType = res.headers.get('content-type') ?? '';
    if (res.ok && res.body) {
      void reader.pump(res.body);
    }
    return reader;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const chunk of body) {
        pending += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          this.parse(pending.slice(0, end));
          pending = pending.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close(): the test is done reading.
    }
  }

  private parse(frame: string): void {
    let id: string | undefined;
    let data: string | undefined;
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) {
        this.comments.push(line.slice(1).trim());
      } else if (line.startsWith('id: ')) {
        id = line.slice(4);
      } else if (line.startsWith('data: ')) {
        data = line.slice(6);
      }
    }
    if (data !== undefined) {
      this.events.push({ id, message: JSON.parse(data) as LiveMessage });
    }
  }

  /** Waits until the events read so far satisfy `test`; a timeout names `what` and the topics read. */
  until(test: (events: SseEvent[]) => boolean, what: string, timeoutMs = 3000): Promise<SseEvent[]> {
    return waitFor(() => test(this.events) && this.events, {
      timeoutMs,
      intervalMs: 10,
      message: () =>
        `${what} on the live stream; got ${JSON.stringify(this.events.map((e) => e.message.topic))}`,
    });
  }

  /** Messages of one topic, typed. */
  of<T extends LiveMessage['topic']>(topic: T): Extract<LiveMessage, { topic: T }>[] {
    return this.events
      .map((e) => e.message)
      .filter((m): m is Extract<LiveMessage, { topic: T }> => m.topic === topic);
  }

  close(): void {
    this.abort.abort();
  }
}
