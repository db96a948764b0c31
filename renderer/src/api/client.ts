import type { ErrorBody, ErrorDetail } from '../../../shared/contracts/errors.js';

/** An API answer that was not a success, with the server's words. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    // A proxy's HTML error page (502) or anything else that is not ours: never show it raw.
    throw new ApiError(
      res.status,
      'UNREACHABLE',
      `Matchday is not reachable (${res.status}). Check that the server is running.`,
    );
  }
  return res.json();
}

/**
 * Request to the Matchday API with the browser's session cookie: a body is sent as JSON, a Blob (an
 * uploaded file) as it is with its own type; the answer is read as JSON.
 */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  const file = body instanceof Blob;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': file ? body.type : 'application/json' },
      body: body === undefined ? undefined : file ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(
      0,
      'UNREACHABLE',
      'Matchday is not reachable. Check the network and that the server runs.',
    );
  }
  const data = await readBody(res);
  if (!res.ok) {
    const error = data as Partial<ErrorBody>;
    throw new ApiError(
      res.status,
      error.code ?? 'ERROR',
      error.error ?? `Request failed (${res.status}).`,
      error.details,
    );
  }
  return data as T;
}
