import type { SqlPort } from '../../db/sql-port.js';

/**
 * Step 3 of an event's way: events arriving together are written in one transaction (a commit costs
 * more than applying an event); each answer waits for the commit that holds its event. `runBatch`
 * answers each item's result, or the error that item alone failed with (it undid that item's writes);
 * `afterCommit` sees the results. A batch that throws fails every item of it.
 */
export function createGroupCommit<I, T>(
  sql: SqlPort,
  runBatch: (items: readonly I[]) => Promise<(T | Error)[]>,
  afterCommit: (results: readonly T[]) => void,
) {
  type Job = { item: I; done: (r: T | undefined, err?: unknown) => void };
  let queue: Job[] = [];

  async function flush(): Promise<void> {
    const batch = queue;
    queue = [];
    let results: (T | Error)[];
    try {
      results = await sql.tx(() => runBatch(batch.map((job) => job.item)));
    } catch (err) {
      batch.forEach((job) => job.done(undefined, err));
      return;
    }
    afterCommit(results.filter((r): r is T => !(r instanceof Error)));
    batch.forEach((job, i) => {
      const result = results[i]!;
      if (result instanceof Error) {
        job.done(undefined, result);
      } else {
        job.done(result);
      }
    });
  }

  /** Runs `item` in the next group's transaction; resolves once that transaction committed. */
  return (item: I): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push({ item, done: (r, err) => (err ? reject(err) : resolve(r as T)) });
      if (queue.length === 1) {
        // Two turns of the event loop: events whose answer went out with the last commit come back in
        // the next turn's reads, and join this group instead of paying a commit of their own.
        setImmediate(() => setImmediate(() => void flush()));
      }
    });
}
