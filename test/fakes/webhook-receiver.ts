import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '../helpers/wait.js';

/** The receiver's side of the signature rule, as the README shows a website doing it. */
export function verifySignature(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): { ok: true } | { ok: false; reason: string } {
  if (!header) {
    return { ok: false, reason: 'no signature header' };
  }
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't') {
      timestamp = Number(value);
    } else if (key === 'v1' && value) {
      signatures.push(value);
    }
  }
  if (timestamp === undefined || !Number.isInteger(timestamp)) {
    return { ok: false, reason: 'no timestamp' };
  }
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    return { ok: false, reason: 'timestamp outside the tolerance' };
  }
  const expected = createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${timestamp}.`), rawBody]))
    .digest();
  const matches = signatures.some((hex) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true } : { ok: false, reason: 'no signature matches' };
}

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  // Webhook bodies are read as loose JSON in tests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  verified: boolean;
  reason?: string;
  /** The status this receiver answered. */
  status: number;
}

export interface WebhookReceiverOptions {
  secret?: string;
  /** The receiver's clock in Unix seconds (tests give it Matchday's injected clock). */
  now?: () => number;
  /** Status to answer the n-th request (0-based); 200 unless told otherwise. Unverified requests get 401. */
  respond?: (n: number, received: ReceivedWebhook) => number;
}

/** A website's webhook endpoint on 127.0.0.1 that checks every signature and records what came. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  secret: string | undefined;
  private readonly server: http.Server;

  constructor(private readonly options: WebhookReceiverOptions = {}) {
    this.secret = options.secret;
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const now = this.options.now?.() ?? Math.floor(Date.now() / 1000);
        const check = verifySignature(
          req.headers['x-service-signature'] as string,
          raw,
          this.secret ?? '',
          now,
        );
        const entry: ReceivedWebhook = {
          headers: req.headers,
          raw,
          body: JSON.parse(raw.toString('utf8')),
          verified: check.ok,
          reason: check.ok ? undefined : check.reason,
          status: 0,
        };
        entry.status = check.ok ? (this.options.respond?.(this.received.length, entry) ?? 200) : 401;
        this.received.push(entry);
        res.writeHead(entry.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ received: entry.status < 300 }));
      });
    });
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Requests answered 2xx. */
  get accepted(): ReceivedWebhook[] {
    return this.received.filter((r) => r.status >= 200 && r.status < 300);
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** Resolves once `count` requests in all have come. */
  async waitForRequests(count: number): Promise<void> {
    await waitFor(() => this.received.length >= count, { message: `${count} webhook request(s)` });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
