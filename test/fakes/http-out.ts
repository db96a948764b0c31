import http from 'node:http';
import https from 'node:https';

export interface OutboundRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Only these headers (plus Host, Connection, Content-Length) go out: the plugin sets no others. */
  headers?: Record<string, string>;
  body?: string | Buffer | StreamedBody;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** URL prefixes this server's network cannot reach (the fake option `unreachableUrls`). */
  unreachable?: readonly string[];
}

/** A body written chunk by chunk with backpressure, so large demos never sit in memory whole. */
export interface StreamedBody {
  length: number;
  chunks: AsyncIterable<Buffer>;
}

export interface OutboundResponse {
  status: number;
  body: string;
}

/**
 * One request on a fresh connection, like the plugin's short-lived HttpClient per call
 * (MatchZy-Enhanced 1.4.21 src/PublishEvents.cs `using var httpClient = new HttpClient()`).
 */
export function sendRequest(request: OutboundRequest): Promise<OutboundResponse> {
  if (request.unreachable?.some((prefix) => request.url.startsWith(prefix))) {
    // What HttpClient throws when nothing answers; every caller handles it as the plugin handles a
    // refused connection (logged, retried where the plugin retries), so no request gets through.
    return Promise.reject(new Error('Connection refused'));
  }
  const url = new URL(request.url);
  const transport = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { ...request.headers };
  const body = request.body;
  if (body !== undefined) {
    const length =
      typeof body === 'string' ? Buffer.byteLength(body) : 'chunks' in body ? body.length : body.length;
    headers['Content-Length'] = String(length);
  }
  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = transport.request(url, {
      method: request.method,
      headers,
      agent: false,
      signal: request.signal,
    });
    if (request.timeoutMs !== undefined) {
      req.setTimeout(request.timeoutMs, () =>
        req.destroy(
          new Error(`The request was canceled due to the configured timeout of ${request.timeoutMs} ms`),
        ),
      );
    }
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) {
      req.end(body);
      return;
    }
    writeStreamed(req, body).then(
      () => req.end(),
      (error: unknown) => req.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

async function writeStreamed(req: http.ClientRequest, body: StreamedBody): Promise<void> {
  for await (const chunk of body.chunks) {
    if (req.destroyed) {
      return;
    }
    if (!req.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          req.off('drain', done);
          req.off('close', done);
          resolve();
        };
        req.once('drain', done);
        req.once('close', done);
      });
    }
  }
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

const DOTNET_STATUS_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  408: 'RequestTimeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  501: 'NotImplemented',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
};

/** How .NET prints an HttpStatusCode: its enum name, or the number when it has none. */
export function dotnetStatusName(status: number): string {
  return DOTNET_STATUS_NAMES[status] ?? String(status);
}
