import { describe, expect, it } from 'vitest';
import { generateJoinCode, JOIN_CODE_LENGTH, normaliseJoinCode } from '../../server/auth/join-code.js';
import { hashPassword, verifyPassword } from '../../server/auth/password.js';
import { createFailureLimiter } from '../../server/auth/rate-limit.js';
import { signValue, verifySignedValue } from '../../server/auth/signed-value.js';

describe('failure limiter', () => {
  it('blocks a key at the limit until its oldest counted failure leaves the window', () => {
    let t = 1000;
    const limiter = createFailureLimiter({ maxFailures: 3, windowSeconds: 60, now: () => t });
    limiter.recordFailure('a');
    t += 10;
    limiter.recordFailure('a');
    limiter.recordFailure('a');
    expect(limiter.retryAfter('a')).toBe(50);
    expect(limiter.retryAfter('b')).toBe(0);
    t += 50;
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.recordFailure('a');
    expect(limiter.retryAfter('a')).toBe(10);
  });
});

describe('signed values', () => {
  it('round-trip, and refuse a changed payload, a changed signature or another key', () => {
    const signed = signValue({ state: 'abc', linkTo: '76561198000000001' }, 'key-1');
    expect(verifySignedValue(signed, 'key-1')).toEqual({ state: 'abc', linkTo: '76561198000000001' });
    expect(verifySignedValue(signed, 'key-2')).toBeUndefined();
    const [payload, mac] = signed.split('.');
    const forged = Buffer.from(JSON.stringify({ state: 'abc', linkTo: '76561198000000002' })).toString(
      'base64url',
    );
    expect(verifySignedValue(`${forged}.${mac}`, 'key-1')).toBeUndefined();
    expect(verifySignedValue(`${payload}.${mac!.slice(1)}x`, 'key-1')).toBeUndefined();
    expect(verifySignedValue('no-dot', 'key-1')).toBeUndefined();
  });
});

describe('admin password hashing', () => {
  it('verifies the right password only, with a new salt each time', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('correct horse battery', 'plain-text')).toBe(false);
  });
});

describe('join codes', () => {
  it('are 6 unambiguous characters and read back however they are typed', () => {
    const codes = new Set(Array.from({ length: 200 }, generateJoinCode));
    expect(codes.size).toBeGreaterThan(195);
    for (const code of codes) {
      expect(code).toMatch(new RegExp(`^[A-HJKMNP-Z2-9]{${JOIN_CODE_LENGTH}}$`));
    }
    expect(normaliseJoinCode(' ab3-x9k ')).toBe('AB3X9K');
  });
});
