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

  it('accepts the free port offered with a failure, and the event status', () => {
    const failed = { type: 'server-failed', message: 'Port 3000 is taken', nextFreePort: 3001 };
    expect(parseHostMessage(failed)).toEqual(failed);
    const status = { type: 'server-status', tournamentInProgress: true, liveMatches: 3 };
    expect(parseHostMessage(status)).toEqual(status);
  });

  it('accepts changed LAN addresses and a fresh admin link', () => {
    const addresses = { type: 'server-addresses', lanUrls: ['http://10.0.0.7:3000'] };
    expect(parseHostMessage(addresses)).toEqual(addresses);
    const link = { type: 'admin-link', adminLinkToken: 'b'.repeat(32) };
    expect(parseHostMessage(link)).toEqual(link);
  });

  it('accepts a new attention item', () => {
    const item = { type: 'attention', kind: 'call', message: 'alice calls an admin: "mouse broke"' };
    expect(parseHostMessage(item)).toEqual(item);
  });

  it.each([
    { type: 'server-status', tournamentInProgress: true, liveMatches: -1 },
    { type: 'server-status', liveMatches: 1 },
    { type: 'server-failed', message: 'x', nextFreePort: 0 },
    null,
    'server-started',
    { type: 'server-exploded' },
    { ...started, port: 0 },
    { ...started, port: 70000 },
    { ...started, adminLinkToken: 'short' },
    { ...started, lanUrls: 'http://x' },
    { type: 'server-failed' },
    { type: 'server-addresses', lanUrls: [3000] },
    { type: 'admin-link', adminLinkToken: 'short' },
    { type: 'attention', kind: 'call' },
    { type: 'attention', kind: 'call', message: 'x'.repeat(2001) },
  ])('ignores %j', (message) => {
    expect(parseHostMessage(message)).toBeUndefined();
  });
});
