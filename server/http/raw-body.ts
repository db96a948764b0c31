import type { Request } from 'express';
import { AppError } from '../errors.js';

/**
 * The request body as bytes, refused with 413 past `limit` (read as it arrives, never unbounded).
 * Plain stream events rather than `for await`: the async iterator's machinery costs more than reading a
 * plugin event's few KiB (the hot path of event ingestion).
 */
export function readRawBody(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(tooLarge(limit));
  }
  if (req.readableEnded) {
    return Promise.resolve(Buffer.alloc(0));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (err?: Error) => {
      req.off('data', onData).off('end', onEnd).off('error', settle).off('close', onClose);
      if (err) {
        reject(err);
      } else {
        resolve(Buffer.concat(chunks, size));
      }
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Nothing more is read of it: the rest of a too large body is not wanted.
        settle(tooLarge(limit));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => settle();
    const onClose = () => settle(new AppError('BAD_REQUEST', 400, 'The request body was cut off.'));
    req.on('data', onData).on('end', onEnd).on('error', settle).on('close', onClose);
  });
}

const tooLarge = (limit: number) =>
  new AppError('PAYLOAD_TOO_LARGE', 413, `The body is larger than ${Math.round(limit / 1024)} KiB.`);
