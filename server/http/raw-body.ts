import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import type { Request } from 'express';
import { AppError } from '../errors.js';

/**
 * What an error answer waits for of a body nobody reads, as nginx's lingering close: closing a socket
 * with unread bytes in it resets the connection and the answer with it, and a plugin that gets no answer
 * retries the same delivery for ever. Past either bound the answer goes at once and the connection closes.
 */
const LINGER_MS = 30_000;
const LINGER_BYTES = 64 * 1024 * 1024;

/** Pipe buffer of an upload stream: a few of the network's 64 KiB chunks, never the whole file. */
const UPLOAD_BUFFER_BYTES = 1024 * 1024;

/**
 * The request body as bytes, refused with 413 past `limit` (read as it arrives, never unbounded).
 * Past the limit nothing more is kept; the error handler drops the rest before it answers.
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
        settle(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => settle();
    const onClose = () => settle(new AppError('BAD_REQUEST', 400, 'The request body was cut off.'));
    req.on('data', onData).on('end', onEnd).on('error', settle).on('close', onClose);
  });
}

/**
 * The request body as a stream for a pipeline. A pipeline destroys its source when a step fails (an
 * upload over its limit), and destroying the request resets the connection before the refusal is
 * answered; destroying this stream leaves the request to the error handler. A body the client cuts off
 * fails this stream.
 */
export function uploadBody(req: IncomingMessage): Readable {
  const body = new PassThrough({ highWaterMark: UPLOAD_BUFFER_BYTES });
  const cutOff = () => {
    if (!req.complete) {
      body.destroy(new Error('The request body was cut off.'));
    }
  };
  req.once('error', cutOff).once('close', cutOff).pipe(body);
  // A pipeline reading it hears the cut-off; left unread (an upload refused before its copy began), the
  // cut-off is nobody's error and must not bring the process down.
  body.on('error', () => undefined);
  return body;
}

/**
 * Calls `answer` once the part of the request body that nobody read has arrived and been dropped, or at
 * once when more than `LINGER_BYTES` are announced or keep coming, or after `LINGER_MS`; `bodyEnded`
 * tells which.
 */
export function afterUnreadBody(req: IncomingMessage, answer: (bodyEnded: boolean) => void): void {
  if (!hasBody(req) || req.complete || req.readableEnded || req.destroyed) {
    answer(true);
    return;
  }
  if (Number(req.headers['content-length']) > LINGER_BYTES) {
    answer(false);
    return;
  }
  let dropped = 0;
  const finish = (bodyEnded: boolean) => {
    clearTimeout(timer);
    req.off('data', onData).off('end', onEnd).off('close', onEnd).off('error', onEnd);
    answer(bodyEnded);
  };
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) {
      finish(false);
    }
  };
  const onEnd = () => finish(true);
  // A stopping server does not wait on it: the open connection is closed by the shutdown.
  const timer = setTimeout(() => finish(false), LINGER_MS).unref();
  // Whatever the request still pipes into (a refused upload) reads no more: the bytes go nowhere.
  req.unpipe();
  req.on('data', onData).on('end', onEnd).on('close', onEnd).on('error', onEnd).resume();
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;

const tooLarge = (limit: number) =>
  new AppError('PAYLOAD_TOO_LARGE', 413, `The body is larger than ${Math.round(limit / 1024)} KiB.`);
