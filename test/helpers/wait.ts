export interface WaitOptions {
  /**
   * What is awaited, as the timeout error names it ("the match to be live"); a function is asked at
   * the timeout, so the message can show what was there instead.
   */
  message: string | (() => string);
  timeoutMs?: number;
  intervalMs?: number;
}

/** What a check answers while the awaited thing has not happened yet. */
type NotYet = undefined | null | false;

/**
 * Calls `check` (sync or async) every `intervalMs` until it answers something other than
 * undefined, null or false, and resolves with that answer. After `timeoutMs` it throws an error that
 * names what was awaited; an error thrown by `check` ends the wait at once.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { message, timeoutMs = 10_000, intervalMs = 50 }: WaitOptions,
): Promise<Exclude<T, NotYet>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer !== undefined && answer !== null && answer !== false) {
      return answer as Exclude<T, NotYet>;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${typeof message === 'function' ? message() : message}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
