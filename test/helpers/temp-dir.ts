import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

/** Removes every folder `tempDir` made; the vitest setup file runs it after each test file. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh temporary folder, removed after the test file. */
export function tempDir(prefix = 'matchday-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
