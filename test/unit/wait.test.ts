import { describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait.js';

describe('waitFor (the shared test wait)', () => {
  it('resolves with the first answer that is not undefined, null or false', async () => {
    const answers = [undefined, null, false, 0, 'later'];
    let calls = 0;
    const found = await waitFor(() => answers[calls++], { intervalMs: 1, message: 'an answer' });
    expect(found).toBe(0);
    expect(calls).toBe(4);
  });

  it('awaits an async check', async () => {
    let calls = 0;
    const found = await waitFor(async () => (++calls === 3 ? { ready: true } : undefined), {
      intervalMs: 1,
      message: 'the third call',
    });
    expect(found).toEqual({ ready: true });
  });

  it('names what was awaited when it times out, asking a message function at that moment', async () => {
    await expect(
      waitFor(() => false, { timeoutMs: 20, intervalMs: 1, message: 'the match to be live' }),
    ).rejects.toThrow('Timed out after 20 ms waiting for the match to be live');
    let seen = 'nothing';
    const waiting = waitFor(() => false, {
      timeoutMs: 20,
      intervalMs: 1,
      message: () => `a pong; got ${seen}`,
    });
    seen = 'a ping';
    await expect(waiting).rejects.toThrow('waiting for a pong; got a ping');
  });

  it('ends at once with the error a check throws', async () => {
    let calls = 0;
    const failing = waitFor(
      () => {
        calls++;
        throw new Error('connection closed');
      },
      { intervalMs: 1, message: 'a packet' },
    );
    await expect(failing).rejects.toThrow('connection closed');
    expect(calls).toBe(1);
  });
});
