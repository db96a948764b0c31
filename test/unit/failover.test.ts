import { describe, expect, it } from 'vitest';
import { lostItemsGone, lostServer, type ServerContact } from '../../shared/domain/failover.js';

const contact = (overrides: Partial<ServerContact> = {}): ServerContact => ({
  now: 1_000,
  afterSeconds: 60,
  heardAt: 990,
  lostMatchAt: null,
  loadedAt: 900,
  bootstrappedAt: null,
  live: true,
  ...overrides,
});

describe('whether a match lost its server (API.md decision 56)', () => {
  it('is silent once nothing was heard for failoverAfterSeconds, not a second before', () => {
    expect(lostServer(contact({ heardAt: 941 }))).toBe('fine');
    expect(lostServer(contact({ heardAt: 940 }))).toBe('silent');
  });

  it('never with failover off', () => {
    expect(lostServer(contact({ afterSeconds: 0, heardAt: 0, lostMatchAt: 999 }))).toBe('fine');
  });

  it('is restarted when the plugin started up since the live match was loaded, however recently heard', () => {
    expect(lostServer(contact({ lostMatchAt: 995, heardAt: 999 }))).toBe('restarted');
    // In the very second of the load: the plugin may not have had it yet.
    expect(lostServer(contact({ lostMatchAt: 900 }))).toBe('restarted');
  });

  it('leaves a start-up before the current load, or before the match went live, alone', () => {
    expect(lostServer(contact({ lostMatchAt: 899 }))).toBe('fine');
    expect(lostServer(contact({ lostMatchAt: 995, live: false }))).toBe('fine');
  });

  it('is restarted when the plugin bootstrapped again since the load, not when it announces late the start that took it', () => {
    expect(lostServer(contact({ lostMatchAt: 995, bootstrappedAt: 990 }))).toBe('restarted');
    expect(lostServer(contact({ lostMatchAt: 995, bootstrappedAt: 900 }))).toBe('restarted');
    // Set up at 898, loaded at 900, its start-up announced at 903: the plugin that plays the match.
    expect(lostServer(contact({ lostMatchAt: 903, bootstrappedAt: 898 }))).toBe('fine');
  });
});

describe('queued server_lost items (API.md decision 64)', () => {
  it('stay while their match is on the lost server and go once it left it, whoever raised them', () => {
    const items = [
      { matchSlug: 'waits', serverId: 'srv-1' },
      { matchSlug: 'moved', serverId: 'srv-2' },
      { matchSlug: 'ended', serverId: 'srv-3' },
    ];
    const onServer = [
      { slug: 'waits', serverId: 'srv-1' },
      { slug: 'moved', serverId: 'srv-4' },
    ];
    const { gone, waiting } = lostItemsGone(items, onServer);
    expect(gone).toEqual(['moved', 'ended']);
    expect([...waiting]).toEqual(['waits']);
  });
});
