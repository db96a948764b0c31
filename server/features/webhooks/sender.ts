import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { DELIVERY_TIMEOUT_MS } from '../../../shared/domain/webhook-events.js';
import type { HostResolver } from '../../net/resolver.js';
import { isPrivateAddress } from './address-guard.js';

export interface OutboundRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  resolve: HostResolver;
  signal?: AbortSignal;
}

export interface OutboundResult {
  statusCode: number | null;
  /** The start of the answer's body, for the delivery log. */
  response: string | null;
  error: string | null;
  durationMs: number;
}

const RESPONSE_LOG_BYTES = 2048;

export const PRIVATE_REFUSAL =
  'is a private or local address; turn on the setting "Allow webhooks to private and local addresses" to call it';

/**
 * The one address the request goes to: resolved once, checked, and then pinned (the connection never
 * resolves the name again, so a second answer cannot point it somewhere else).
 */
async function pickAddress(
  hostname: string,
  allowPrivate: boolean,
  resolve: HostResolver,
): Promise<{ address: string; family: number }> {
  const literal = net.isIP(hostname);
  const addresses = literal ? [{ address: hostname, family: literal }] : await resolve(hostname);
  if (addresses.length === 0) {
    throw new Error(`${hostname} has no address`);
  }
  if (!allowPrivate) {
    const blocked = addresses.find((a) => isPrivateAddress(a.address));
    if (blocked) {
      throw new Error(`${hostname} resolves to ${blocked.address}, which ${PRIVATE_REFUSAL}`);
    }
  }
  return addresses[0]!;
}

function post(
  url: URL,
  pinned: { address: string; family: number },
  request: OutboundRequest,
): Promise<Omit<OutboundResult, 'durationMs'>> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'Content-Length': Buffer.byteLength(request.body) },
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) {
            (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
              pinned,
            ]);
          } else {
            callback(null, pinned.address, pinned.family);
          }
        },
        signal: request.signal,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_LOG_BYTES) {
            chunks.push(chunk);
          }
          size += chunk.length;
        });
        res.on('end', () => {
          clearTimeout(timer);
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_LOG_BYTES);
          const redirect = status >= 300 && status < 400 ? 'redirects are not followed' : null;
          resolve({
            statusCode: status,
            response: text,
            error: status >= 200 && status < 300 ? null : (redirect ?? `answered ${status}`),
          });
        });
        res.on('error', (err) => {
          clearTimeout(timer);
          resolve({ statusCode: res.statusCode ?? null, response: null, error: err.message });
        });
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds`)),
      DELIVERY_TIMEOUT_MS,
    );
    req.on('error', (err) => {
      clearTimeout(timer);
      resolve({ statusCode: null, response: null, error: err.message });
    });
    req.end(request.body);
  });
}

/** Posts one webhook: a 2xx within 10 seconds is a success; never throws. */
export async function sendWebhook(request: OutboundRequest): Promise<OutboundResult> {
  const started = performance.now();
  const done = (r: Omit<OutboundResult, 'durationMs'>): OutboundResult => ({
    ...r,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const url = new URL(request.url);
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const pinned = await pickAddress(hostname, request.allowPrivate, request.resolve);
    return done(await post(url, pinned, request));
  } catch (err) {
    return done({ statusCode: null, response: null, error: (err as Error).message });
  }
}
