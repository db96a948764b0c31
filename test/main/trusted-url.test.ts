import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl, isServerUrl } from '../../main/trusted-url.js';
import { isTrustedSender, openExternalArgs } from '../../main/ipc-validation.js';

const ORIGIN = 'http://127.0.0.1:4310';

describe('isServerUrl', () => {
  it.each([
    ['http://127.0.0.1:4310/admin/teams', true],
    ['http://127.0.0.1:4310/', true],
    ['http://127.0.0.1:4311/', false],
    ['https://127.0.0.1:4310/', false],
    ['http://localhost:4310/', false],
    ['http://user:pw@127.0.0.1:4310/', false],
    ['file:///etc/passwd', false],
    ['not a url', false],
  ])('%s -> %s', (url, expected) => {
    expect(isServerUrl(url, ORIGIN)).toBe(expected);
    expect(isTrustedSender(url, ORIGIN)).toBe(expected);
  });
});

describe('isSafeExternalUrl', () => {
  it.each([
    ['https://github.com/matchday', true],
    ['http://192.0.2.10:4310/', true],
    ['file:///C:/Windows/system32/calc.exe', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>1</script>', false],
    ['smb://host/share', false],
    ['https://a:b@example.com', false],
    ['', false],
  ])('%s -> %s', (url, expected) => {
    expect(isSafeExternalUrl(url)).toBe(expected);
  });

  it('open-external arguments: one safe link of at most 2048 characters', () => {
    expect(openExternalArgs.safeParse(['https://example.com']).success).toBe(true);
    expect(openExternalArgs.safeParse(['javascript:alert(1)']).success).toBe(false);
    expect(openExternalArgs.safeParse([`https://example.com/${'a'.repeat(2100)}`]).success).toBe(false);
    expect(openExternalArgs.safeParse(['https://example.com', 'extra']).success).toBe(false);
    expect(openExternalArgs.safeParse([42]).success).toBe(false);
  });
});
