import { createHash } from 'node:crypto';
import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body as text (demos are hashed instead). */
  body: string;
}

export interface ReceivedDemo {
  path: string;
  headers: IncomingHttpHeaders;
  bytes: number;
  sha256: string;
  /** False when the upload broke off before its last byte. */
  complete: boolean;
}

/** A canned answer; `status` defaults to 200. */
export interface CannedResponse {
  status?: number;
  body?: unknown;
}

/**
 * A stand-in for Matchday's plugin endpoints on 127.0.0.1, for tests of the fake itself: serves a
 * bootstrap answer and match configs, records events, reports and demos (hashed, never buffered).
 */
export class PluginReceiver {
  readonly requests: ReceivedRequest[] = [];
  readonly events: ReceivedRequest[] = [];
  readonly reports: ReceivedRequest[] = [];
  readonly demos: ReceivedDemo[] = [];
  /** Round backups posted to `/backups`. */
  readonly backups: ReceivedRequest[] = [];
  /** GET /bootstrap answer. */
  bootstrap: CannedResponse = { body: { success: true, serverId: 'srv-1', commands: [] } };
  /** GET /matches/<name> answers. */
  readonly matches = new Map<string, CannedResponse>();
  /** Status for each POST /events, decided per request. */
  eventStatus: (body: string) => number = () => 200;
  demoStatus: (headers: IncomingHttpHeaders) => CannedResponse = () => ({
    status: 200,
    body: { success: true },
  });
  private readonly server = http.createServer((req, res) => this.handle(req, res));

  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Parsed event bodies, optionally of one name. */
  eventPayloads(name?: string): Array<Record<string, unknown>> {
    return this.events
      .map((request) => JSON.parse(request.body) as Record<string, unknown>)
      .filter((payload) => name === undefined || payload.event === name);
  }

  eventNames(): string[] {
    return this.eventPayloads().map((payload) => String(payload.event));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = req.url ?? '/';
    if (req.method === 'POST' && path.startsWith('/demos/')) {
      this.receiveDemo(req, res, path);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      this.requests.push(request);
      if (req.method === 'GET' && path === '/bootstrap') {
        reply(res, this.bootstrap);
      } else if (req.method === 'GET' && path.startsWith('/matches/')) {
        reply(
          res,
          this.matches.get(path.slice('/matches/'.length)) ?? {
            status: 404,
            body: { error: 'no such match' },
          },
        );
      } else if (req.method === 'POST' && path === '/events') {
        this.events.push(request);
        reply(res, { status: this.eventStatus(request.body), body: { ok: true } });
      } else if (req.method === 'POST' && path === '/backups') {
        this.backups.push(request);
        reply(res, { status: 201, body: { success: true } });
      } else if (req.method === 'POST' && path === '/report') {
        this.reports.push(request);
        reply(res, { body: { success: true } });
      } else {
        reply(res, { status: 404, body: { error: 'not found' } });
      }
    });
  }

  private receiveDemo(req: http.IncomingMessage, res: http.ServerResponse, path: string): void {
    const hash = createHash('sha256');
    const demo: ReceivedDemo = { path, headers: req.headers, bytes: 0, sha256: '', complete: false };
    this.demos.push(demo);
    req.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      demo.bytes += chunk.length;
    });
    req.on('end', () => {
      demo.complete = true;
      demo.sha256 = hash.digest('hex');
      reply(res, this.demoStatus(req.headers));
    });
    req.on('error', () => undefined);
  }
}

function reply(res: http.ServerResponse, canned: CannedResponse): void {
  const body = typeof canned.body === 'string' ? canned.body : JSON.stringify(canned.body ?? {});
  res.writeHead(canned.status ?? 200, { 'Content-Type': 'application/json' });
  res.end(body);
}
