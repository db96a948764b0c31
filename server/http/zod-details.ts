import type { z } from 'zod';
import type { ErrorDetail } from '../../shared/contracts/errors.js';

/** Zod issues as the API's `details`: `players.0.platformId` paths and a readable message. */
export function zodDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}
