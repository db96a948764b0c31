import type { ErrorCode, ErrorDetail } from '../shared/contracts/errors.js';

/** The one error type services throw; the error middleware renders it. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    readonly status: number,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', 404, `${what} was not found.`);

export const invalidState = (state: string, action: string) =>
  new AppError('INVALID_STATE', 422, `Cannot ${action} while the match is ${state}.`);
