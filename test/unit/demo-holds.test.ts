import { describe, expect, it } from 'vitest';
import {
  holdAfterMapEnd,
  holdAfterUploadStart,
  holdWhileReceiving,
  UPLOAD_TIMEOUT_S,
  UPLOADING_HOLD_S,
} from '../../shared/domain/server-availability.js';

const T = 1_900_000_000;

describe('how long a demo holds its server (spec, Server freeing)', () => {
  it('an upload that starts and never reports back frees the server about 5 minutes after the map end', () => {
    const mapEnd = holdAfterMapEnd(T, 135);
    // The plugin starts uploading once tv_delay and the 15 s stop have passed.
    const started = holdAfterUploadStart(T + 150, mapEnd);
    expect(started).toBe(T + 300);
    expect(holdAfterUploadStart(T + 200, mapEnd)).toBe(T + 200 + UPLOAD_TIMEOUT_S);
    expect(holdAfterUploadStart(T, null)).toBe(T + UPLOAD_TIMEOUT_S);
  });

  it('bytes still arriving keep the server held, at most 15 minutes after the first byte', () => {
    let hold = holdAfterUploadStart(T, null);
    for (let now = T; now <= T + 20 * 60; now += 60) {
      hold = holdWhileReceiving(now, T, hold);
    }
    expect(hold).toBe(T + UPLOADING_HOLD_S);
    // A stall stops renewing it; an earlier, longer hold is never shortened.
    expect(holdWhileReceiving(T + 10, T, T + 400)).toBe(T + 400);
  });
});
