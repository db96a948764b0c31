import { describe, expect, it } from 'vitest';
import { SecretRegistry, hiddenMarker, secretsEqual } from '../../server/secrets.js';

describe('SecretRegistry', () => {
  it('replaces every occurrence of a known secret with a marker giving its length', () => {
    const secrets = new SecretRegistry();
    secrets.add('hunter2-hunter2');
    expect(secrets.scrub('a hunter2-hunter2 b hunter2-hunter2')).toBe(
      `a ${hiddenMarker('hunter2-hunter2')} b ${hiddenMarker('hunter2-hunter2')}`,
    );
    expect(hiddenMarker('hunter2-hunter2')).toBe('[hidden:15 chars]');
  });

  it('also finds a secret as JSON escapes it', () => {
    const secrets = new SecretRegistry();
    secrets.add('pa"ss\\word-long');
    expect(secrets.scrub(JSON.stringify({ v: 'pa"ss\\word-long' }))).not.toContain('ss\\\\word');
  });

  it('ignores values too short to be secrets', () => {
    const secrets = new SecretRegistry();
    secrets.add('abc');
    expect(secrets.scrub('abc')).toBe('abc');
  });
});

describe('secretsEqual', () => {
  it('compares exactly', () => {
    expect(secretsEqual('same-secret', 'same-secret')).toBe(true);
    expect(secretsEqual('same-secret', 'same-secreT')).toBe(false);
    expect(secretsEqual('short', 'longer-value')).toBe(false);
  });
});
