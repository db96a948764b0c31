import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ADMIN_LIVE_TOPICS, type LiveMessage, type LivePayload } from '../../shared/contracts/live.js';
import { AppError } from '../errors.js';
import { errorBody } from '../http/middleware/error.js';

export type LiveAudience = 'public' | 'admin';

export interface LiveHubOptions {
  /** Messages kept for Last-Event-ID resume; an older id gets `resync`. */
  bufferSize?: number;
  heartbeatMs?: number;
  /** Bytes a slow client may have queued before it is cut (it reconnects and resumes). */
  maxQueuedBytes?: number;
  /** Id of the first message minus one; by default the boot time in ms, so ids keep rising over restarts. */
  firstId?: number;
  /** Public viewers at once; one more is answered 503 with Retry-After. Admin streams are always let in. */
  maxViewers?: number;
  /** How often the viewer count is logged (at info), when it changed since the last line. */
  countLogMs?: number;
}

interface Buffered {
  id: number;
  adminOnly: boolean;
  /** Sent without an id and kept out of the resume buffer (this instance's own log lines in a cluster). */
  unnumbered?: boolean;
  /** Encoded once; the same bytes go to every viewer. */
  frame: Buffer;
}

const DEFAULTS = {
  bufferSize: 1000,
  heartbeatMs: 15_000,
  maxQueuedBytes: 1 << 20,
  maxViewers: 5000,
  countLogMs: 60_000,
};
/** How long a browser waits before it reconnects on its own. */
const RETRY_MS = 2000;
/** A refused viewer is told to come back in this many seconds, spread so the refused do not return together. */
const FULL_RETRY_AFTER_S = { min: 10, spread: 20 };
const PING = Buffer.from(': ping\n\n');
const EMPTY = Buffer.alloc(0);

const frameOf = (message: LiveMessage, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(message)}\n\n`;

/**
 * The Server-Sent Events hub: one id sequence for both streams, a bounded buffer for resume, slow
 * clients cut instead of buffered without end.
 *
 * Publishing never writes to a socket: what one turn of the event loop published is queued and sent on
 * the next (setImmediate), in order, as one write per viewer of bytes encoded once for all of them. The
 * request that caused a change is answered before its fan-out, however many watch.
 *
 * A viewer costs its response and socket only: no object, closure or timer of its own (the close
 * listener is one function shared by all), and bytes are written to the socket directly (the response
 * is not chunked: the stream ends when the connection does).
 */
export class LiveHub {
  private readonly publicViewers = new Set<ServerResponse>();
  private readonly adminViewers = new Set<ServerResponse>();
  /** Published, not yet sent: goes out on the next turn. */
  private pending: Buffered[] = [];
  private flushQueued = false;
  /** Sent messages, oldest first: what a reconnecting client may resume from. */
  private readonly buffer: Buffered[] = [];
  /** The last id given to a message. */
  private lastId: number;
  /** The last id sent: what a connecting client is told it is up to. */
  private sentId: number;
  private readonly options: Required<Omit<LiveHubOptions, 'firstId'>>;
  private readonly timers: NodeJS.Timeout[];
  private countChanged = false;
  private closed = false;
  private readonly onViewerClose: (this: ServerResponse) => void;

  constructor(
    private readonly logger: Logger,
    options: LiveHubOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.lastId = options.firstId ?? Date.now();
    this.sentId = this.lastId;
    const forget = (res: ServerResponse) => this.forget(res);
    this.onViewerClose = function (this: ServerResponse) {
      forget(this);
    };
    this.timers = [
      setInterval(() => this.writeToAll(PING, PING), this.options.heartbeatMs),
      setInterval(() => this.logCount(), this.options.countLogMs),
    ];
    this.timers.forEach((timer) => timer.unref());
  }

  get viewers(): number {
    return this.publicViewers.size + this.adminViewers.size;
  }

  publish(message: LivePayload): void {
    this.enqueue(++this.lastId, message);
  }

  /**
   * Publishes a message under the id the cluster's sequence gave it (API.md decision 70), so a viewer
   * resumes on any instance; an id not above the last one was published already and is skipped.
   */
  publishWithId(id: number, message: LivePayload): void {
    if (id > this.lastId) {
      this.lastId = id;
      this.enqueue(id, message);
    }
  }

  /** Publishes a message of this instance alone, outside the cluster's id sequence (no resume). */
  publishUnnumbered(message: LivePayload): void {
    this.enqueue(this.lastId, message, true);
  }

  private enqueue(id: number, message: LivePayload, unnumbered = false): void {
    const adminOnly = ADMIN_LIVE_TOPICS.has(message.topic);
    const frame = Buffer.from(frameOf(message, unnumbered ? undefined : id));
    this.pending.push({ id, adminOnly, frame, unnumbered });
    if (!this.flushQueued) {
      this.flushQueued = true;
      setImmediate(() => this.flush());
    }
  }

  /**
   * Turns the response into a stream: what the client missed since `lastEventId` (or `resync`),
   * then `hello` carrying the id sent last, so even a client that saw no message can resume. Past the
   * viewer cap a public stream is refused with 503 and Retry-After.
   */
  attach(res: ServerResponse, audience: LiveAudience, lastEventId: string | undefined): void {
    const socket = res.socket;
    if (this.closed || !socket) {
      // Shutting down (or a pipelined request, which a stream cannot share a socket with): a reconnect
      // on a kept-alive socket must not hold the drain open.
      res.writeHead(503, { Connection: 'close', 'Retry-After': '2' }).end();
      return;
    }
    if (audience === 'public' && this.publicViewers.size >= this.options.maxViewers) {
      this.refuse(res);
      return;
    }
    // Not chunked: the bytes of every frame go to the socket as they are.
    res.useChunkedEncodingByDefault = false;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      // Proxies (nginx) would otherwise hold messages back.
      'X-Accel-Buffering': 'no',
    });
    if (res.req.method === 'HEAD') {
      res.end();
      return;
    }
    socket.setNoDelay(true);
    (audience === 'admin' ? this.adminViewers : this.publicViewers).add(res);
    res.once('close', this.onViewerClose);
    this.countChanged = true;
    this.logger.debug({ module: 'live', audience }, 'a live viewer connected');
    // Through the response once, so the headers go first; later frames go to the socket directly.
    res.write(
      `retry: ${RETRY_MS}\n\n${this.catchUp(audience, lastEventId)}` +
        frameOf({ topic: 'hello', lastId: this.sentId }, this.sentId),
    );
  }

  /** Ends every stream (shutdown); browsers reconnect to the next server and resume or resync. */
  close(): void {
    this.closed = true;
    this.timers.forEach((timer) => clearInterval(timer));
    this.pending = [];
    this.disconnectAll();
  }

  /** Cuts every stream as a network failure would; the browsers reconnect and resume. */
  disconnectAll(): void {
    for (const res of [...this.publicViewers, ...this.adminViewers]) {
      // The socket closes too, so the browser's reconnect cannot reuse it while the server drains.
      res.end(() => res.socket?.end());
    }
    this.countChanged ||= this.viewers > 0;
    this.publicViewers.clear();
    this.adminViewers.clear();
  }

  /** Sends what the last turn published: one write per viewer, public viewers without the admin topics. */
  private flush(): void {
    this.flushQueued = false;
    const sent = this.pending;
    this.pending = [];
    if (sent.length === 0) {
      return;
    }
    this.buffer.push(...sent.filter((b) => !b.unnumbered));
    if (this.buffer.length > this.options.bufferSize) {
      this.buffer.splice(0, this.buffer.length - this.options.bufferSize);
    }
    this.sentId = sent.at(-1)!.id;
    const forAdmins = sent.length === 1 ? sent[0]!.frame : Buffer.concat(sent.map((b) => b.frame));
    const publicFrames = sent.filter((b) => !b.adminOnly);
    const forPublic =
      publicFrames.length === sent.length
        ? forAdmins
        : publicFrames.length === 0
          ? EMPTY
          : Buffer.concat(publicFrames.map((b) => b.frame));
    this.writeToAll(forPublic, forAdmins);
  }

  private writeToAll(forPublic: Buffer, forAdmins: Buffer): void {
    if (forPublic.length > 0) {
      for (const res of this.publicViewers) {
        this.write(res, forPublic);
      }
    }
    for (const res of this.adminViewers) {
      this.write(res, forAdmins);
    }
  }

  private write(res: ServerResponse, bytes: Buffer): void {
    const socket = res.socket;
    if (!socket || socket.destroyed) {
      // Closing: its close event forgets it.
      return;
    }
    if (socket.writableLength > this.options.maxQueuedBytes) {
      this.logger.warn(
        { module: 'live', queuedBytes: socket.writableLength },
        'a live viewer is too slow; its stream is cut (it resumes on reconnect)',
      );
      this.forget(res);
      socket.destroy();
      return;
    }
    socket.write(bytes);
  }

  private forget(res: ServerResponse): void {
    const audience = this.adminViewers.delete(res)
      ? 'admin'
      : this.publicViewers.delete(res)
        ? 'public'
        : null;
    if (audience) {
      this.countChanged = true;
      this.logger.debug({ module: 'live', audience }, 'a live viewer left');
    }
  }

  private refuse(res: ServerResponse): void {
    const retryAfter = FULL_RETRY_AFTER_S.min + Math.floor(Math.random() * FULL_RETRY_AFTER_S.spread);
    const error = new AppError(
      'LIVE_FULL',
      503,
      `Live updates have reached their limit of ${this.options.maxViewers} viewers; retry in ${retryAfter} s.`,
    );
    res
      .writeHead(503, {
        'Content-Type': 'application/json; charset=utf-8',
        'Retry-After': String(retryAfter),
        Connection: 'close',
      })
      .end(JSON.stringify(errorBody(error, String(res.getHeader('X-Request-Id') ?? ''))));
  }

  /** One line a minute at most, and only when viewers came or went. */
  private logCount(): void {
    if (!this.countChanged) {
      return;
    }
    this.countChanged = false;
    this.logger.info(
      { module: 'live', public: this.publicViewers.size, admin: this.adminViewers.size },
      'live viewers',
    );
  }

  private catchUp(audience: LiveAudience, lastEventId: string | undefined): string {
    if (lastEventId === undefined || lastEventId === '') {
      return '';
    }
    const seen = /^\d+$/.test(lastEventId) ? Number(lastEventId) : NaN;
    const oldest = this.buffer[0]?.id ?? this.sentId + 1;
    if (!(seen <= this.sentId && seen >= oldest - 1)) {
      const reason = seen > this.sentId || Number.isNaN(seen) ? 'unknown event id' : 'too far behind';
      return frameOf({ topic: 'resync', reason });
    }
    return this.buffer
      .filter((b) => b.id > seen && (audience === 'admin' || !b.adminOnly))
      .map((b) => b.frame.toString('utf8'))
      .join('');
  }
}
