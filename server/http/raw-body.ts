import type { Request } from 'express';
import { AppError } from '../errors.js';

/** The request body as bytes, refused with 413 past `limit` (read as it arrives, never unbounded). */
export async function readRawBody(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      throw tooLarge(limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const tooLarge = (limit: number) =>
  new AppError('PAYLOAD_TOO_LARGE', 413, `The body is larger than ${Math.round(limit / 1024)} KiB.`);
