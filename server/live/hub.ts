import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ADMIN_LIVE_TOPICS, type LiveMessage, type LivePayload } from '../../shared/contracts/live.js';

export type LiveAudience = 'public' | 'admin';

export interface LiveHubOptions {
  /** Messages kept for Last-Event-ID resume; an older id gets `resync`. */
  bufferSize?: number;
  heartbeatMs?: number;
  /** Bytes a slow client may have queued before it is cut (it reconnects and resumes). */
  maxQueuedBytes?: number;
  /** Id of the first message minus one; by default the boot time in ms, so ids keep rising over restarts. */
  firstId?: number;
}

interface Buffered {
  id: number;
  adminOnly: boolean;
  frame: string;
}

interface Client {
  res: ServerResponse;
  audience: LiveAudience;
}

const DEFAULTS = { bufferSize: 1000, heartbeatMs: 15_000, maxQueuedBytes: 1 << 20 };
/** How long a browser waits before it reconnects on its own. */
const RETRY_MS = 2000;

const frameOf = (message: LiveMessage, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(message)}\n\n`;

/**
 * The Server-Sent Events hub: one id sequence for both streams, each message serialised once, a
 * bounded buffer for resume, and slow clients cut instead of buffered without end.
 */
export class LiveHub {
  private readonly clients = new Set<Client>();
  private readonly buffer: Buffered[] = [];
  private lastId: number;
  private readonly options: Required<Omit<LiveHubOptions, 'firstId'>>;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly logger: Logger,
    options: LiveHubOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.lastId = options.firstId ?? Date.now();
    this.heartbeat = setInterval(() => this.broadcast(': ping\n\n', false), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  get viewers(): number {
    return this.clients.size;
  }

  publish(message: LivePayload): void {
    const id = ++this.lastId;
    const adminOnly = ADMIN_LIVE_TOPICS.has(message.topic);
    const frame = frameOf(message, id);
    this.buffer.push({ id, adminOnly, frame });
    if (this.buffer.length > this.options.bufferSize) {
      this.buffer.splice(0, this.buffer.length - this.options.bufferSize);
    }
    this.broadcast(frame, adminOnly);
  }

  /**
   * Turns the response into a stream: what the client missed since `lastEventId` (or `resync`),
   * then `hello` carrying the current id, so even a client that saw no message can resume.
   */
  attach(res: ServerResponse, audience: LiveAudience, lastEventId: string | undefined): void {
    if (this.closed) {
      // Shutting down: a reconnect on a kept-alive socket must not hold the drain open.
      res.writeHead(503, { Connection: 'close', 'Retry-After': '2' }).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // Proxies (nginx) would otherwise hold messages back.
      'X-Accel-Buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    const client: Client = { res, audience };
    this.clients.add(client);
    res.on('close', () => this.clients.delete(client));
    this.write(client, `retry: ${RETRY_MS}\n\n${this.catchUp(audience, lastEventId)}`);
    this.write(client, frameOf({ topic: 'hello', lastId: this.lastId }, this.lastId));
  }

  /** Ends every stream (shutdown); browsers reconnect to the next server and resume or resync. */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    this.disconnectAll();
  }

  /** Cuts every stream as a network failure would; the browsers reconnect and resume. */
  disconnectAll(): void {
    for (const client of this.clients) {
      // The socket closes too, so the browser's reconnect cannot reuse it while the server drains.
      client.res.end(() => client.res.socket?.end());
    }
    this.clients.clear();
  }

  private catchUp(audience: LiveAudience, lastEventId: string | undefined): string {
    if (lastEventId === undefined || lastEventId === '') {
      return '';
    }
    const seen = /^\d+$/.test(lastEventId) ? Number(lastEventId) : NaN;
    const oldest = this.buffer[0]?.id ?? this.lastId + 1;
    if (!(seen <= this.lastId && seen >= oldest - 1)) {
      const reason = seen > this.lastId || Number.isNaN(seen) ? 'unknown event id' : 'too far behind';
      return frameOf({ topic: 'resync', reason });
    }
    return this.buffer
      .filter((b) => b.id > seen && (audience === 'admin' || !b.adminOnly))
      .map((b) => b.frame)
      .join('');
  }

  private broadcast(frame: string, adminOnly: boolean): void {
    for (const client of this.clients) {
      if (!adminOnly || client.audience === 'admin') {
        this.write(client, frame);
      }
    }
  }

  private write(client: Client, frame: string): void {
    const { res } = client;
    if (res.writableLength > this.options.maxQueuedBytes) {
      this.logger.warn(
        { module: 'live', queuedBytes: res.writableLength },
        'a live viewer is too slow; its stream is cut (it resumes on reconnect)',
      );
      this.clients.delete(client);
      res.destroy();
      return;
    }
    res.write(frame);
  }
}
