import { describe, expect, it } from 'vitest';
import { parseHostMessage } from '../../main/host-message.js';

const started = {
  type: 'server-started',
  port: 4310,
  lanUrls: ['http://192.0.2.5:4310'],
  dataDir: '/data',
  adminLinkToken: 'a'.repeat(32),
};

describe('parseHostMessage', () => {
  it('accepts the handshake and the failure message', () => {
    expect(parseHostMessage(started)).toEqual(started);
    expect(parseHostMessage({ type: 'server-failed', message: 'port taken' })).toEqual({
      type: 'server-failed',
      message: 'port taken',
    });
  });

  it.each([
    null,
    'server-started',
    { type: 'server-exploded' },
    { ...started, port: 0 },
    { ...started, port: 70000 },
    { ...started, adminLinkToken: 'short' },
    { ...started, lanUrls: 'http://x' },
    { type: 'server-failed' },
  ])('ignores %j', (message) => {
    expect(parseHostMessage(message)).toBeUndefined();
  });
});
