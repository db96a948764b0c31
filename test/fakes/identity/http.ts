import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: http.IncomingMessage, url: URL, body: string) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export const json = (status: number, value: unknown): FakeAnswer => ({
  status,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(value),
});

export const redirect = (location: string): FakeAnswer => ({ status: 302, headers: { Location: location } });

/** A small HTTP server on 127.0.0.1 (never any other address) for the fake identity providers. */
export class LoopbackServer {
  private readonly server: http.Server;
  url = '';

  /** `host` is the name in the URLs handed out ('localhost' makes the provider another site than 127.0.0.1). */
  constructor(
    handler: Handler,
    private readonly host = '127.0.0.1',
  ) {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        void Promise.resolve(handler(req, new URL(req.url ?? '/', this.url), body)).then(
          (answer) => {
            res.writeHead(answer.status, answer.headers);
            res.end(answer.body);
          },
          (err: unknown) => {
            res.writeHead(500);
            res.end(String(err));
          },
        );
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://${this.host}:${(this.server.address() as AddressInfo).port}`;
  }

  /** Stops listening: later requests to it are refused, as a provider without internet would be. */
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
