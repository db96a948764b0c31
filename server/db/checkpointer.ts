import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './open.js';

/**
 * Runs the WAL checkpoints on a worker thread. A checkpoint writes and syncs the database file; done
 * by the connection that commits, it stalls whichever request happens to commit then (tens of ms).
 * PASSIVE checkpoints never block writers, so the event loop keeps answering while it runs.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next round catches up */ }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.once('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

/** How often the worker folds the WAL back; a busy tournament writes well under a MB per second. */
const CHECKPOINT_INTERVAL_MS = 1_000;

export interface Checkpointer {
  stop(): void;
}

export function startCheckpointer(db: Db): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { driver, file: db.name, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  // Should the worker die, the connection's own (rarer) automatic checkpoint still bounds the WAL.
  worker.on('error', () => undefined);
  return { stop: () => worker.postMessage('stop') };
}
