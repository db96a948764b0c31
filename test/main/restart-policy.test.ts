import { describe, expect, it } from 'vitest';
import { CRASH_WINDOW_MS, MAX_CRASHES, onCrash } from '../../main/restart-policy.js';

describe('onCrash', () => {
  it(`restarts up to ${MAX_CRASHES} crashes within a minute, then gives up`, () => {
    let crashes: number[] = [];
    const decisions: boolean[] = [];
    for (let i = 0; i < MAX_CRASHES + 1; i++) {
      const decision = onCrash(crashes, 1_000 + i * 1_000);
      crashes = decision.crashes;
      decisions.push(decision.restart);
    }
    expect(decisions).toEqual([...Array<boolean>(MAX_CRASHES).fill(true), false]);
  });

  it('forgets crashes older than the window', () => {
    const old = Array.from({ length: MAX_CRASHES }, (_, i) => i);
    const decision = onCrash(old, CRASH_WINDOW_MS + MAX_CRASHES);
    expect(decision).toEqual({ crashes: [CRASH_WINDOW_MS + MAX_CRASHES], restart: true });
  });
});
