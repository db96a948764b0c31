import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Requests each backend answered, by its URL. */
  answered: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A plain load balancer on loopback, as a cluster's would be: each request goes to the next backend
 * (no sticky sessions); a backend that refuses the connection is skipped and the request tried on the
 * next, so a killed instance costs only the requests it had accepted. Streams (SSE) are piped through.
 */
export async function startRoundRobinProxy(backends: readonly string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const answered = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(Buffer.concat(chunks), 0));

    function forward(body: Buffer, tried: number): void {
      if (tried >= backends.length) {
        res.writeHead(502, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ success: false, error: { code: 'BAD_GATEWAY', message: 'no backend' } }));
        return;
      }
      const backend = backends[next++ % backends.length]!;
      const target = new URL(req.url ?? '/', backend);
      const upstream = http.request(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
          answered.set(backend, (answered.get(backend) ?? 0) + 1);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          res.on('close', () => answer.destroy());
        },
      );
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (!res.headersSent && err.code === 'ECONNREFUSED') {
          forward(body, tried + 1);
        } else {
          res.destroy();
        }
      });
      upstream.end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
