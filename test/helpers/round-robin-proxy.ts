import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Where requests go, in turn; a backend that refuses the connection is skipped for the next one. */
  backends: string[];
  stop(): Promise<void>;
}

/**
 * A plain load balancer in front of several Matchday instances (API.md decision 69: no sticky
 * sessions): each request goes to the next backend in turn, bodies and answers streamed through (live
 * streams included). Only a refused connection moves a request on; a request that reached an instance
 * which then died fails, as it would behind a real balancer.
 */
export async function startRoundRobinProxy(backends: string[] = []): Promise<RoundRobinProxy> {
  let turn = 0;
  const server = http.createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    // This request's turn; a refused connection moves it on to the backends after it.
    const first = turn++;
    req.on('end', () => forward(Buffer.concat(body), 0));

    function forward(payload: Buffer, tried: number): void {
      if (tried === proxy.backends.length) {
        res.writeHead(502, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ success: false, error: 'no backend answered' }));
        return;
      }
      const target = new URL(req.url ?? '/', proxy.backends[(first + tried) % proxy.backends.length]);
      const upstream = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED') {
          forward(payload, tried + 1);
        } else {
          res.destroy();
        }
      });
      res.on('close', () => upstream.destroy());
      upstream.end(payload);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: RoundRobinProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    backends,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
