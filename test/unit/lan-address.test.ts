import { describe, expect, it } from 'vitest';
import {
  lanUrlsFor,
  localUrlFor,
  rankLanAddresses,
  type InterfaceAddress,
} from '../../server/net/lan-address.js';

const nic = (name: string, address: string, extra: Partial<InterfaceAddress> = {}): InterfaceAddress => ({
  name,
  address,
  family: 'IPv4',
  internal: false,
  ...extra,
});

describe('rankLanAddresses', () => {
  it('puts private addresses on physical adapters first and drops loopback, link-local and IPv6', () => {
    const ranked = rankLanAddresses([
      nic('lo', '127.0.0.1', { internal: true }),
      nic('docker0', '172.17.0.1'),
      nic('wlan0', '203.0.113.7'),
      nic('eth0', '192.168.1.20'),
      nic('eth1', '169.254.3.4'),
      nic('eth0', 'fe80::1', { family: 'IPv6' }),
      nic('vEthernet (WSL)', '10.0.75.1'),
      nic('enp3s0', '10.1.2.3'),
    ]);
    expect(ranked).toEqual(['192.168.1.20', '10.1.2.3', '172.17.0.1', '10.0.75.1', '203.0.113.7']);
  });

  it('is empty when only loopback exists', () => {
    expect(rankLanAddresses([nic('lo', '127.0.0.1', { internal: true })])).toEqual([]);
  });
});

describe('lanUrlsFor / localUrlFor', () => {
  const interfaces = [nic('eth0', '192.168.1.20'), nic('lo', '127.0.0.1', { internal: true })];

  it('lists every LAN address when listening on all of them', () => {
    expect(lanUrlsFor('0.0.0.0', 4310, interfaces)).toEqual(['http://192.168.1.20:4310']);
    expect(localUrlFor('0.0.0.0', 4310)).toBe('http://127.0.0.1:4310');
  });

  it('lists none when listening on loopback only: players could not connect', () => {
    expect(lanUrlsFor('127.0.0.1', 4310, interfaces)).toEqual([]);
    expect(lanUrlsFor('localhost', 4310, interfaces)).toEqual([]);
    expect(localUrlFor('127.0.0.1', 4310)).toBe('http://127.0.0.1:4310');
  });

  it('uses the one address the server listens on', () => {
    expect(lanUrlsFor('192.168.1.20', 4310, interfaces)).toEqual(['http://192.168.1.20:4310']);
    expect(localUrlFor('192.168.1.20', 4310)).toBe('http://192.168.1.20:4310');
  });
});
