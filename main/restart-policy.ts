/** When the server process crashes: restart, unless it crashed too often lately (then tell the user). */

export const MAX_CRASHES = 3;
export const CRASH_WINDOW_MS = 60_000;

/** Crash times inside the window, including this one, and whether to restart. */
export function onCrash(previous: readonly number[], now: number): { crashes: number[]; restart: boolean } {
  const crashes = [...previous.filter((t) => now - t < CRASH_WINDOW_MS), now];
  return { crashes, restart: crashes.length <= MAX_CRASHES };
}
