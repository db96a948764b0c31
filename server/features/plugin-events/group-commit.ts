import type { Db } from '../../db/open.js';

/**
 * Step 3 of an event's way: events arriving together are written in one transaction (a commit costs
 * more than applying an event); each answer waits for the commit that holds its event. A job that
 * throws is undone alone (a nested transaction) and answers its error; `afterCommit` sees the others.
 */
export function createGroupCommit<T>(db: Db, afterCommit: (results: readonly T[]) => void) {
  type Job = { run: () => T; done: (r: T | undefined, err?: unknown) => void };
  let queue: Job[] = [];

  // Built once: better-sqlite3 builds a wrapper per db.transaction() call, which costs more than a savepoint.
  const runAlone = db.transaction((run: () => T): T => run());
  const runBatch = db.transaction((batch: readonly Job[]) =>
    batch.map((job): T | Error => {
      try {
        return runAlone(job.run);
      } catch (err) {
        return err as Error;
      }
    }),
  );

  function flush(): void {
    const batch = queue;
    queue = [];
    let results: (T | Error)[];
    try {
      results = runBatch(batch);
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
  return (run: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push({ run, done: (r, err) => (err ? reject(err) : resolve(r as T)) });
      if (queue.length === 1) {
        // Two turns of the event loop: events whose answer went out with the last commit come back in
        // the next turn's reads, and join this group instead of paying a commit of their own.
        setImmediate(() => setImmediate(flush));
      }
    });
}
