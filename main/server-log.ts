import fs from 'node:fs';
import path from 'node:path';

/** One old log is kept beside the current one; a week-long event stays well below this. */
export const MAX_LOG_BYTES = 10 * 1024 * 1024;

export interface ServerLog {
  /** Appends a server process's output (its pipes; null when it has none). */
  attach(stdout: NodeJS.ReadableStream | null, stderr: NodeJS.ReadableStream | null): void;
  close(): void;
}

/** Moves a log that grew past `maxBytes` to `<file>.1` (replacing the older one), so it cannot fill the disk. */
export function rotateLog(file: string, maxBytes: number): void {
  const size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  if (size > maxBytes) {
    fs.renameSync(file, `${file}.1`);
  }
}

/**
 * The server's log file in the user-data folder: what "see the log" points at. `echo` also prints the
 * output on this process's console (a development run started from a terminal).
 */
export function openServerLog(file: string, { echo = false, maxBytes = MAX_LOG_BYTES } = {}): ServerLog {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  rotateLog(file, maxBytes);
  const out = fs.createWriteStream(file, { flags: 'a' });
  // A full disk must not bring the app down; the server keeps running without its log.
  out.on('error', () => undefined);
  const copy = (chunk: Buffer) => {
    if (!out.writableEnded) {
      out.write(chunk);
    }
    if (echo) {
      process.stdout.write(chunk);
    }
  };
  return {
    attach(stdout, stderr) {
      stdout?.on('data', copy);
      stderr?.on('data', copy);
    },
    close() {
      out.end();
    },
  };
}
