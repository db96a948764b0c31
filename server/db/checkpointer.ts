import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './open.js';

/**
 * Runs the WAL checkpoints on a worker thread. A checkpoint writes and syncs the database file; done
 * by the connection that commits, it stalls whichever request happens to commit then (tens of ms).
 * PASSIVE checkpoints never block writers, so the event loop keeps answering while it runs.
 *
 * Under a steady stream of commits (hundreds of plugin events a second) the WAL never starts over by
 * itself: a writer restarts it only when it begins after a checkpoint that caught up, and commits land
 * while every checkpoint runs. Past `restartFrames` the worker restarts it before the committing
 * connection's own automatic checkpoint would fold and sync the whole WAL on the event loop (20-70 ms
 * measured). A RESTART shuts writers out for the frames written since the PASSIVE pass and one sync; met
 * by SQLite's busy handler, a commit would sleep 1, 2, 5 ms... on the event loop whatever the restart
 * took. So the worker asks first: `hold` keeps the event loop's statements waiting (nothing else waits)
 * until the worker says the restart is done.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
let restartAsked = false;
const checkpoint = () => {
  if (restartAsked) return;
  try {
    const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
    if (log >= workerData.restartFrames) {
      restartAsked = true;
      parentPort.postMessage('restart?');
    }
  } catch { /* busy: the next round catches up */ }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'restart') {
    try { db.pragma('wal_checkpoint(RESTART)'); } catch { /* busy: the next round asks again */ }
    restartAsked = false;
    parentPort.postMessage('restarted');
    return;
  }
  clearInterval(timer);
  db.close();
  const closed = new Int32Array(workerData.closed);
  Atomics.store(closed, 0, 1);
  Atomics.notify(closed, 0);
  parentPort.close();
});
`;

/** How often the worker folds the WAL back; a busy tournament writes well under a MB per second. */
const CHECKPOINT_INTERVAL_MS = 1_000;
/** WAL frames (pages, ~32 MB) past which the worker starts the WAL over: half the automatic checkpoint's. */
const RESTART_FRAMES = 8_000;
/**
 * The longest the event loop's statements wait for a restart (it takes milliseconds; a backup reading
 * the file makes it wait for the reader): past it they go on and meet the restart's lock as they would.
 */
const HOLD_LIMIT_MS = 200;
/** How long closing waits for the worker to let go of the file (it answers in milliseconds). */
const STOP_WAIT_MS = 5_000;

/** Keeps the connection's statements waiting until `done` settles; resolves once none runs. */
export type HoldStatements = (done: Promise<unknown>) => Promise<void>;

export interface Checkpointer {
  stop(): void;
}

export function startCheckpointer(
  db: Db,
  {
    intervalMs = CHECKPOINT_INTERVAL_MS,
    restartFrames = RESTART_FRAMES,
    hold = () => Promise.resolve(),
  }: { intervalMs?: number; restartFrames?: number; hold?: HoldStatements } = {},
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const closed = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { driver, file: db.name, intervalMs, restartFrames, closed: closed.buffer },
  });
  worker.unref();
  let failed = false;
  let releaseHold = () => {};
  worker.on('message', (message) => {
    if (message === 'restarted') {
      releaseHold();
      return;
    }
    const done = new Promise<void>((resolve) => {
      const limit = setTimeout(resolve, HOLD_LIMIT_MS).unref();
      releaseHold = () => {
        clearTimeout(limit);
        resolve();
      };
    });
    void hold(done).then(() => worker.postMessage('restart'));
  });
  // Should the worker die, the connection's own (rarer) automatic checkpoint still bounds the WAL.
  worker.on('error', () => {
    failed = true;
    releaseHold();
  });
  return {
    /**
     * Waits until the worker has closed its connection: the last connection to close cleans up the
     * WAL files, and the data folder must be still (a restore swaps it, tests remove it) once this returns.
     */
    stop() {
      releaseHold();
      if (failed) {
        return;
      }
      worker.postMessage('stop');
      Atomics.wait(closed, 0, 0, STOP_WAIT_MS);
    },
  };
}
