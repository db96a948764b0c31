import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/errors.js';
import { errorBody, toAppError } from '../../server/http/middleware/error.js';

describe('toAppError', () => {
  it('keeps an AppError as it is', () => {
    const err = new AppError('TEAM_IN_LIVE_MATCH', 409, 'busy');
    expect(toAppError(err)).toBe(err);
  });

  it.each([
    ['entity.parse.failed', 400, 'BAD_JSON'],
    ['entity.too.large', 413, 'PAYLOAD_TOO_LARGE'],
    ['encoding.unsupported', 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('maps the body parser error %s to %i %s', (type, status, code) => {
    expect(toAppError(Object.assign(new Error('x'), { type }))).toMatchObject({ status, code });
  });

  it('turns anything else into 500 INTERNAL without leaking its message', () => {
    const mapped = toAppError(new Error('SQLITE_CORRUPT: secret path /home/x'));
    expect(mapped).toMatchObject({ status: 500, code: 'INTERNAL' });
    expect(mapped.message).not.toContain('SQLITE');
  });
});

describe('errorBody', () => {
  it('renders the API error shape with details', () => {
    const body = errorBody(
      new AppError('VALIDATION_FAILED', 400, 'Invalid body.', [{ path: 'name', message: 'required' }]),
      'req-1',
    );
    expect(body).toEqual({
      success: false,
      error: 'Invalid body.',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'name', message: 'required' }],
    });
  });

  it('repeats the request id on a 500 so the log line can be found', () => {
    expect(errorBody(new AppError('INTERNAL', 500, 'x'), 'req-2')).toMatchObject({ requestId: 'req-2' });
  });
});

describe('toAppError with http-errors from Express libraries', () => {
  it('keeps a 404 of the static file server a 404', () => {
    expect(toAppError(Object.assign(new Error('Not Found'), { status: 404, expose: true }))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('keeps other exposed client errors as they are', () => {
    expect(toAppError(Object.assign(new Error('Range'), { status: 416, expose: true }))).toMatchObject({
      status: 416,
      code: 'BAD_REQUEST',
    });
  });
});
