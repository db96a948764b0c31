import type { SqlPort } from '../../db/sql-port.js';

/**
 * Step 3 of an event's way: events arriving together are written in one transaction (a commit costs
 * more than applying an event); each answer waits for the commit that holds its event. A job that
 * throws is undone alone (a nested transaction) and answers its error; `afterCommit` sees the others.
 */
export function createGroupCommit<T>(sql: SqlPort, afterCommit: (results: readonly T[]) => void) {
  type Job = { run: () => Promise<T>; done: (r: T | undefined, err?: unknown) => void };
  let queue: Job[] = [];

  async function runBatch(batch: readonly Job[]): Promise<(T | Error)[]> {
    const results: (T | Error)[] = [];
    for (const job of batch) {
      try {
        results.push(await sql.tx(job.run));
      } catch (err) {
        results.push(err as Error);
      }
    }
    return results;
  }

  async function flush(): Promise<void> {
    const batch = queue;
    queue = [];
    let results: (T | Error)[];
    try {
      results = await sql.tx(() => runBatch(batch));
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

  /** Runs `run` in the next group's transaction; resolves once that transaction committed. */
  return (run: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push({ run, done: (r, err) => (err ? reject(err) : resolve(r as T)) });
      if (queue.length === 1) {
        // Two turns of the event loop: events whose answer went out with the last commit come back in
        // the next turn's reads, and join this group instead of paying a commit of their own.
        setImmediate(() => setImmediate(() => void flush()));
      }
    });
}
