import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ErrorBody } from '../../../shared/contracts/errors.js';
import { AppError } from '../../errors.js';
import { afterUnreadBody } from '../raw-body.js';

/** What body-parser and serve-static throw (http-errors). */
interface HttpLibraryError {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** Maps anything thrown to an AppError; unknown errors become 500 INTERNAL. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) {
    return err;
  }
  const libraryError = err as HttpLibraryError;
  switch (libraryError?.type) {
    case 'entity.parse.failed':
      return new AppError('BAD_JSON', 400, 'The request body is not valid JSON.');
    case 'entity.too.large':
      return new AppError('PAYLOAD_TOO_LARGE', 413, 'The request body is larger than the 1 MiB limit.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'The request body must be UTF-8 JSON.');
    default:
      break;
  }
  if (err instanceof URIError) {
    // Express decodes path parameters before any handler runs; a broken %-escape is the caller's mistake.
    return new AppError('VALIDATION_FAILED', 400, 'The URL has a broken percent-encoding (%XX) in it.');
  }
  if (libraryError?.status === 404) {
    return new AppError('NOT_FOUND', 404, 'That file was not found.');
  }
  if (libraryError?.expose && libraryError.status && libraryError.status < 500) {
    return new AppError('BAD_REQUEST', libraryError.status, 'The request could not be read.');
  }
  return new AppError('INTERNAL', 500, 'Something went wrong inside Matchday; the log has the details.');
}

export function errorBody(err: AppError, requestId: string): ErrorBody {
  return {
    success: false,
    error: err.message,
    code: err.code,
    ...(err.details ? { details: err.details } : {}),
    ...(err.status >= 500 ? { requestId } : {}),
  };
}

function requestId(req: Request): string {
  return String(req.id ?? '');
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const appError = toAppError(err);
    if (appError.status >= 500) {
      logger.error({ err, requestId: requestId(req), path: req.path }, 'request failed');
    }
    // Answered once the body is in (and dropped): an answer sent while the client still writes is lost
    // to the connection reset that closing a socket with unread bytes causes.
    afterUnreadBody(req, (bodyEnded) => {
      if (!bodyEnded || appError.status === 413) {
        res.setHeader('Connection', 'close');
      }
      res.status(appError.status).json(errorBody(appError, requestId(req)));
    });
  };
}

export const apiNotFound: RequestHandler = (req) => {
  throw new AppError('NOT_FOUND', 404, `No API endpoint ${req.method} ${req.originalUrl.split('?')[0]}.`);
};
