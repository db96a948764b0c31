import type { z } from 'zod';
import { AppError } from '../errors.js';
import { toAppError } from './middleware/error.js';
import { parsePart } from './route.js';

export interface BatchOutcome<R> {
  /** 201 when every item applied, 207 when some failed (API.md decision 1). */
  status: 201 | 207;
  body: {
    success: boolean;
    successful: R[];
    failed: { index: number; id?: string; code: string; error: string }[];
    stats: { total: number; successful: number; failed: number };
  };
}

export const MAX_BATCH_ITEMS = 500;

function rawId(item: unknown, idField: string): string | undefined {
  if (item && typeof item === 'object' && idField in item) {
    const id = (item as Record<string, unknown>)[idField];
    return typeof id === 'string' ? id : undefined;
  }
  return undefined;
}

/**
 * Validates and applies each item on its own; `apply` must be all-or-nothing for its item
 * (a transaction), so one bad item never half-applies and never stops the others.
 */
export async function runBatch<T, R>(
  items: readonly unknown[],
  schema: z.ZodType<T>,
  idField: string,
  apply: (item: T, index: number) => Promise<R>,
): Promise<BatchOutcome<R>> {
  if (items.length === 0 || items.length > MAX_BATCH_ITEMS) {
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      `A batch holds 1 to ${MAX_BATCH_ITEMS} items; this one has ${items.length}.`,
    );
  }
  const successful: R[] = [];
  const failed: BatchOutcome<R>['body']['failed'] = [];
  for (const [index, item] of items.entries()) {
    try {
      successful.push(await apply(parsePart(schema, item, `item ${index}`), index));
    } catch (err) {
      const appError = toAppError(err);
      if (appError.status >= 500) {
        throw err;
      }
      const id = rawId(item, idField);
      failed.push({
        index,
        ...(id !== undefined ? { id } : {}),
        code: appError.code,
        error: appError.message,
      });
    }
  }
  return {
    status: failed.length === 0 ? 201 : 207,
    body: {
      success: failed.length === 0,
      successful,
      failed,
      stats: { total: items.length, successful: successful.length, failed: failed.length },
    },
  };
}
