import { describe, expect, it } from 'vitest';
import { isLoopbackUrl } from '../../shared/domain/loopback-url.js';

describe('isLoopbackUrl', () => {
  it('knows the addresses that name this machine only', () => {
    for (const url of [
      'http://127.0.0.1:3000',
      'http://127.1.2.3/',
      'http://localhost:8080',
      'http://[::1]:3000',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
  });

  it('lets LAN addresses, names and unreadable text through', () => {
    for (const url of [
      'http://192.168.1.20:3000',
      'http://matchday.local:3000',
      'http://10.0.0.127',
      'not a url',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });
});
